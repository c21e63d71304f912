// Throughput of get_member_info over HTTP with 50 keep-alive connections (autocannon):
// krs-mock (Node door, built bin) vs Prism's mock of the same contract vs a bare node:http
// server answering a fixed JSON body. All three in the same run, loopback only, bounded.
// Goals: krs-mock >= 15x Prism and >= 60% of bare node:http. Printed, not pass/fail.
// Env: DURATION (s per run, default 3), ROUNDS (default 3).
// Run: npm run bench:mock-throughput -w @krs-kit/bench (builds the mock first).
import autocannon from 'autocannon'
import { freePort, median, mockBin, requireBuiltMock, root, spawnUntil } from './mock-support.js'

const DURATION = Number(process.env.DURATION ?? 3)
const ROUNDS = Number(process.env.ROUNDS ?? 3)
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

interface Target {
  name: string
  url: string
  rps: number[]
  p99: number[]
  non2xx: number
  errors: number
}

async function run(t: Target, duration: number): Promise<void> {
  const r = await autocannon({ url: t.url, method: 'POST', headers, body, connections: CONNECTIONS, duration })
  t.rps.push(r.requests.average)
  t.p99.push(r.latency.p99)
  t.non2xx += r.non2xx
  t.errors += r.errors
}

async function main(): Promise<void> {
  requireBuiltMock()
  const prismPort = await freePort()
  // All servers run at once; the rounds alternate between them so that a change of load on
  // this shared machine hits every target alike. Each figure is the median of the rounds.
  const started = await Promise.all([
    spawnUntil(process.execPath, ['-e', bareServer], /port (\d+)/),
    spawnUntil(process.execPath, [mockBin, '--port', '0', '--quiet', '--clock', 'manual'], /listening on (http:\/\/\S+)/, { NODE_ENV: 'production' }),
    spawnUntil(process.execPath, [mockBin, '--port', '0', '--clock', 'manual'], /listening on (http:\/\/\S+)/, {}),
    spawnUntil(`${root}node_modules/.bin/prism`, ['mock', 'spec/dist/openapi.json', '-h', '127.0.0.1', '-p', String(prismPort)], /Prism is listening/, {}, 90_000),
  ])
  try {
    const targets: Target[] = [
      { name: 'bare node:http (fixed body)', url: `http://127.0.0.1:${started[0].match[1]}/api/v1/get_member_info` },
      { name: 'krs-mock (production mode, log off)', url: `${started[1].match[1]}/api/v1/get_member_info` },
      { name: 'krs-mock (dev mode: response check + log on)', url: `${started[2].match[1]}/api/v1/get_member_info` },
      { name: 'Prism mock', url: `http://127.0.0.1:${prismPort}/api/v1/get_member_info` },
    ].map((t) => ({ ...t, rps: [], p99: [], non2xx: 0, errors: 0 }))
    for (const t of targets) {
      const check = await fetch(t.url, { method: 'POST', headers, body })
      if (check.status !== 200) throw new Error(`${t.name}: ${t.url} answered ${check.status}: ${await check.text()}`)
      await autocannon({ url: t.url, method: 'POST', headers, body, connections: CONNECTIONS, duration: 1 }) // warm-up
    }
    for (let round = 0; round < ROUNDS; round++) for (const t of targets) await run(t, DURATION)

    const [bare, mock, mockDev, prism] = targets.map((t) => median(t.rps)) as [number, number, number, number]
    console.log(`get_member_info, ${CONNECTIONS} keep-alive connections, ${ROUNDS} alternating rounds of ${DURATION} s (autocannon, loopback, 2 shared cores)`)
    for (const t of targets) {
      console.log(`  ${t.name.padEnd(46)} ${Math.round(median(t.rps)).toString().padStart(7)} req/s  p99 ${String(median(t.p99)).padStart(4)} ms  non-2xx ${t.non2xx}  errors ${t.errors}  (rounds: ${t.rps.map(Math.round).join(', ')})`)
    }
    console.log(`krs-mock / Prism:            ${(mock / prism).toFixed(1)}x  (goal >= 15x)`)
    console.log(`krs-mock / bare node:http:   ${((mock / bare) * 100).toFixed(0)}%  (goal >= 60%)`)
    console.log(`dev mode / production mode:  ${((mockDev / mock) * 100).toFixed(0)}%`)
  } finally {
    await Promise.all(started.map((s) => s.proc.stop()))
  }
}

await main()
