// A local node:http server in its own process (so that it does not share the client's event
// loop) that answers every POST with the same small JSON array, as get_member_tables would:
// the server of the per-call overhead benchmarks (SDK against raw fetch, PHP SDK against Guzzle).
import { spawn } from 'node:child_process'
import { once } from 'node:events'

const serverCode = `
const http = require('node:http')
const body = JSON.stringify([{ id: 1, title: 'データベース名称1', nums: 50 }, { id: 2, title: 'データベース名称2', nums: 350 }])
const server = http.createServer((req, res) => {
  let n = 0
  req.on('data', (c) => { n += c.length })
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  })
})
server.keepAliveTimeout = 60000
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'))
`

export async function startFixedAnswerServer(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', serverCode], { stdio: ['ignore', 'pipe', 'inherit'] })
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer]
  return { port: Number(chunk.toString().trim()), stop: () => child.kill() }
}
