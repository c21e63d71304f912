import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { type RunningServer, startNodeServer } from '../../src/node/index.js'

// Headers over the limit are answered 431 (not 400), and the answer reaches a client that is
// still writing a huge header: the rest is read and dropped rather than reset under it.

let server: RunningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

/** Writes the whole request, then reads until the server closes; the status code or the error. */
function send(port: number, head: string): Promise<number | string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1')
    })
    const done = (why: string): void => {
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text)
      resolve(m ? Number(m[1]) : why)
    }
    socket.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message))
    socket.on('close', () => done('closed without an answer'))
    socket.write(head)
  })
}

const request = (headers: string): string =>
  `POST /api/v1/get_version HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`

describe('headers over the limit', () => {
  it('answer 431 for one long header, many headers and a 5 MB Authorization', async () => {
    server = await startNodeServer(createEngine({ members: 5 }), { port: 0 })
    const { port } = server
    expect(await send(port, request(`X-Pad: ${'a'.repeat(70 * 1024)}\r\n`))).toBe(431)
    expect(await send(port, request(Array.from({ length: 3000 }, (_, i) => `X-H${i}: v\r\n`).join('')))).toBe(431)
    expect(await send(port, request(`Authorization: Bearer ${'a'.repeat(5 << 20)}\r\n`))).toBe(431)
    // and the server keeps answering
    expect(await send(port, request('Authorization: Bearer krs-all\r\nConnection: close\r\n'))).toBe(200)
  })
})
