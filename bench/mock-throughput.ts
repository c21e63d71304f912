// Throughput of get_member_info over HTTP with 50 keep-alive connections (autocannon):
// krs-mock (Node door, built bin) vs Prism's mock of the same contract vs a bare node:http
// server answering a fixed JSON body. All three in the same run, loopback only, bounded.
// Goals: krs-mock >= 15x Prism and >= 60% of bare node:http. Printed, not pass/fail.
// Run: npm run bench:mock-throughput -w @krs-kit/bench (builds the mock first).
import autocannon from 'autocannon'
import { freePort, mockBin, requireBuiltMock, root, spawnUntil, type Proc } from './mock-support.js'

const DURATION = Number(process.env.DURATION ?? 5)
const CONNECTIONS = 50
const body = JSON.stringify({ member_table_id: 1, member_id: 1 })
const headers = { 'content-type': 'application/json', authorization: 'Bearer krs-all' }

const bareServer = `
const http = require('node:http')
const body = JSON.stringify({ id: 1, regist_date: '2026-01-01 00:00:00', update_date: '2026-01-01 00:00:00', e_1: 'taro@example.jp' })
const server = http.createServer((req, res) => {
  req.on('data', () => {})
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(body)
  })
})
server.keepAliveTimeout = 60000
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'))
`

interface Figure {
  name: string
  rps: number
  p99: number
  non2xx: number
  errors: number
}

async function measure(name: string, url: string): Promise<Figure> {
  const check = await fetch(url, { method: 'POST', headers, body })
  if (check.status !== 200) throw new Error(`${name}: ${url} answered ${check.status}: ${await check.text()}`)
  await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: 1 }) // warm-up
  const r = await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION })
  return { name, rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }
}

async function withProc<T>(start: Promise<{ proc: Proc; match: RegExpExecArray }>, fn: (m: RegExpExecArray) => Promise<T>): Promise<T> {
  const { proc, match } = await start
  try {
    return await fn(match)
  } finally {
    await proc.stop()
  }
}

async function main(): Promise<void> {
  requireBuiltMock()
  const figures: Figure[] = []

  figures.push(
    await withProc(spawnUntil(process.execPath, ['-e', bareServer], /port (\d+)/), (m) =>
      measure('bare node:http (fixed body)', `http://127.0.0.1:${m[1]}/api/v1/get_member_info`),
    ),
  )
  figures.push(
    await withProc(
      spawnUntil(process.execPath, [mockBin, '--port', '0', '--quiet', '--clock', 'manual'], /listening on (http:\/\/\S+)/, { NODE_ENV: 'production' }),
      (m) => measure('krs-mock (production mode, log off)', `${m[1]}/api/v1/get_member_info`),
    ),
  )
  figures.push(
    await withProc(
      spawnUntil(process.execPath, [mockBin, '--port', '0', '--clock', 'manual'], /listening on (http:\/\/\S+)/, {}),
      (m) => measure('krs-mock (dev mode: response check + log on)', `${m[1]}/api/v1/get_member_info`),
    ),
  )
  const prismPort = await freePort()
  figures.push(
    await withProc(
      spawnUntil(`${root}node_modules/.bin/prism`, ['mock', 'spec/dist/openapi.json', '-h', '127.0.0.1', '-p', String(prismPort)], /Prism is listening/, {}, 60_000),
      () => measure('Prism mock', `http://127.0.0.1:${prismPort}/api/v1/get_member_info`),
    ),
  )

  const [bare, mock, mockDev, prism] = figures as [Figure, Figure, Figure, Figure]
  console.log(`get_member_info, ${CONNECTIONS} keep-alive connections, ${DURATION} s each (autocannon, loopback, 2 shared cores)`)
  for (const f of figures) {
    console.log(`  ${f.name.padEnd(46)} ${Math.round(f.rps).toString().padStart(7)} req/s  p99 ${String(f.p99).padStart(4)} ms  non-2xx ${f.non2xx}  errors ${f.errors}`)
  }
  console.log(`krs-mock / Prism:            ${(mock.rps / prism.rps).toFixed(1)}x  (goal >= 15x)`)
  console.log(`krs-mock / bare node:http:   ${((mock.rps / bare.rps) * 100).toFixed(0)}%  (goal >= 60%)`)
  console.log(`dev mode / production mode:  ${((mockDev.rps / mock.rps) * 100).toFixed(0)}%`)
}

await main()
