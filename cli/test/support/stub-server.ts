import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export interface StubRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** A loopback HTTP server answering from a handler; records what it was sent. */
export async function stubServer(
  handle: (req: StubRequest, res: ServerResponse) => void | Promise<void>,
): Promise<{ url: string; requests: StubRequest[]; close: () => Promise<void> }> {
  const requests: StubRequest[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
      requests.push(r)
      void handle(r, res)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
