import net from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEngine } from '../../src/index.js'
import { type RunningServer, startNodeServer } from '../../src/node/index.js'

// The Host of an admin request is read as an authority in the door's one admission step:
// userinfo, blanks, a trailing dot or another port than the server's own are refused (421) on
// every admin route, shutdown included. Requests without Origin (curl, scripts) still pass.

let server: RunningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

async function start(onShutdownRequest = vi.fn()): Promise<{ s: RunningServer; shutdown: typeof onShutdownRequest }> {
  const engine = createEngine({ members: 5, clock: { mode: 'manual', now: 1_767_225_600 }, onShutdownRequest })
  server = await startNodeServer(engine, { port: 0 })
  return { s: server, shutdown: onShutdownRequest }
}

/** One request written byte for byte (no client normalises the Host); the status line's code. */
function rawStatus(port: number, method: string, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1')
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text)
      if (m && text.includes('\r\n\r\n')) {
        socket.destroy()
        resolve(Number(m[1]))
      }
    })
    socket.on('error', reject)
    const body = method === 'POST' ? '{}' : ''
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
}

const forged = (port: number): string[] => [
  `127.0.0.1:${port}@evil.example`,
  `localhost:${port} evil.example`,
  `evil.example@127.0.0.1:${port}`,
  `user:pass@127.0.0.1:${port}`,
  `localhost.:${port}`,
  `127.0.0.1:${port + 1 > 65535 ? port - 1 : port + 1}`,
  `127.0.0.1:${port}/x`,
  `127.0.0.1:${port}:${port}`,
  `[::1]:${port}@evil.example`,
]

describe('the admin Host is an exact authority', () => {
  it('refuses userinfo, blanks, a trailing dot and another port on shutdown, reset and reads', async () => {
    const { s, shutdown } = await start()
    for (const host of forged(s.port)) {
      expect({ host, status: await rawStatus(s.port, 'POST', '/__mock/shutdown', host) }).toEqual({ host, status: 421 })
      expect({ host, status: await rawStatus(s.port, 'POST', '/__mock/reset', host) }).toEqual({ host, status: 421 })
      expect({ host, status: await rawStatus(s.port, 'GET', '/__mock/clock', host) }).toEqual({ host, status: 421 })
    }
    expect(shutdown).not.toHaveBeenCalled()
  })

  it('still answers a script without Origin that names the server as it listens', async () => {
    const { s, shutdown } = await start()
    for (const host of [`127.0.0.1:${s.port}`, `localhost:${s.port}`, `LOCALHOST:${s.port}`])
      expect(await rawStatus(s.port, 'GET', '/__mock/clock', host)).toBe(200)
    expect(await rawStatus(s.port, 'POST', '/__mock/shutdown', `127.0.0.1:${s.port}`)).toBe(202)
    await vi.waitFor(() => expect(shutdown).toHaveBeenCalledTimes(1))
  })
})
