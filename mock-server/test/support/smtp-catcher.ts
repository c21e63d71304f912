import net from 'node:net'

export interface SmtpCatcher {
  port: number
  /** The raw DATA of each message received, in order. */
  messages: string[]
  /** Resolves once `n` messages have arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

/**
 * A minimal SMTP catcher on a random loopback port (the mail relay's tests use it, with a
 * wait): answers every command with success and keeps each message's raw DATA.
 */
export function smtpCatcher(): Promise<SmtpCatcher> {
  const messages: string[] = []
  const waiters: (() => void)[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((sock) => {
    sockets.add(sock)
    sock.on('close', () => sockets.delete(sock))
    let buf = ''
    let inData = false
    sock.write('220 catcher ESMTP\r\n')
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n')
          if (end < 0) return
          messages.push(buf.slice(0, end))
          buf = buf.slice(end + 5)
          inData = false
          sock.write('250 OK\r\n')
          for (const w of waiters.splice(0)) w()
          continue
        }
        const nl = buf.indexOf('\r\n')
        if (nl < 0) return
        const line = buf.slice(0, nl).toUpperCase()
        buf = buf.slice(nl + 2)
        if (line.startsWith('EHLO') || line.startsWith('HELO')) sock.write('250 catcher\r\n')
        else if (line.startsWith('DATA')) {
          inData = true
          sock.write('354 go\r\n')
        } else if (line.startsWith('QUIT')) {
          sock.end('221 bye\r\n')
          return
        } else sock.write('250 OK\r\n')
      }
    })
    sock.on('error', () => {})
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port
      resolve({
        port,
        messages,
        waitFor: (n, timeoutMs = 10_000) =>
          new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`SMTP catcher: ${messages.length} of ${n} messages after ${timeoutMs} ms`)),
              timeoutMs,
            )
            const check = (): void => {
              if (messages.length >= n) {
                clearTimeout(timer)
                done()
              } else waiters.push(check)
            }
            check()
          }),
        close: () =>
          new Promise((r) => {
            for (const s of sockets) s.destroy()
            server.close(() => r())
          }),
      })
    })
  })
}
