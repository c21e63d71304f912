// Throughput of get_member_info over HTTP with 50 keep-alive connections (autocannon):
// krs-mock (Node door, built bin, default options: no response check, log off) vs Prism's
// mock of the same contract vs a bare node:http server answering a fixed JSON body; then the
// mixed read/write load of bench/mix-requests.ts (the load benchmark's mix) against krs-mock
// and the same bare server. Everything in the same run, loopback only, bounded.
// Goals: krs-mock >= 0.75x bare and >= 20x Prism for get_member_info; the mix
// >= 0.5x bare. Also printed: krs-mock's p99 latency at 50 connections, and krs-mock with
// --validate-responses and its request log (what the tests run) for comparison, and krs-mock
// against a bare server that writes its answers batched per event-loop turn as krs-mock's
// Node door does (no goal: it shows the emulator's own cost).
// The machine is shared: every round runs each target once in turn (A/B/A/B), each figure is
// the median of the rounds, and the ratios are what to read.
// Also printed, where /proc exists (Linux): the CPU time each Node server spends per request
// (user + system, from /proc/<pid>/stat around each run), which a busy machine disturbs less
// than requests per second: it shows the cost per request even when the load generator, not
// the server, sets the pace.
// Env: DURATION (s per run, default 3), ROUNDS (default 3).
// Run: npm run bench:mock-throughput -w @krs-kit/bench (builds the mock first).
/// <reference path="../test/support/autocannon.d.ts" />
import { existsSync, readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { mixRequests, type MixCounters } from './mix-requests.js'
import { freePort, median, mockBin, requireBuiltMock, root, spawnUntil } from './mock-support.js'
import { reportFigure } from './report.js'

const DURATION = Number(process.env.DURATION ?? 3)
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const CONNECTIONS = 50
/** Members of the default scenario the mix walks over. */
const MIX_MEMBERS = 1000
const body = JSON.stringify({ member_table_id: 1, member_id: 1 })
const headers = { 'content-type': 'application/json', authorization: 'Bearer krs-all' }

// The bare server answers the bytes krs-mock answers for the same request (fetched first in
// the run, passed in BODY): both sides then send the same response, and the ratio measures
// what krs-mock does besides HTTP (parse, auth, validation, handler, serialisation).
// With BATCH=1 it also writes its answers the way krs-mock's Node door does (all the answers
// of one event-loop turn together, at its end): a reference that shows what the emulator's
// own work costs once both servers write alike (printed, no goal).
const bareServer = `
const http = require('node:http')
const body = Buffer.from(process.env.BODY)
let pending = []
const flush = () => {
  const answers = pending
  pending = []
  for (const res of answers) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(body)
  }
}
const server = http.createServer((req, res) => {
  req.on('data', () => {})
  req.on('end', () => {
    if (process.env.BATCH === '1') {
      if (pending.length === 0) setImmediate(flush)
      pending.push(res)
      return
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(body)
  })
})
server.keepAliveTimeout = 60000
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'))
`

type Started = Awaited<ReturnType<typeof spawnUntil>>

interface Target {
  name: string
  url: string
  /** Run the read/write mix instead of get_member_info. */
  mix: boolean
  rps: number[]
  p99: number[]
  non2xx: number
  errors: number
  lost: number
  /** The server's process id, when its CPU time is read (Node servers on Linux). */
  pid?: number | undefined
  /** Server CPU time per request of each run, microseconds. */
  cpuUs: number[]
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100

/** User + system CPU time of a process in clock ticks, or null without /proc. */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15)
}

async function run(t: Target, duration: number): Promise<void> {
  const counters: MixCounters = { writes: 0, lost: 0 }
  const ticksBefore = cpuTicks(t.pid)
  const r = t.mix
    ? await autocannon({
        url: t.url,
        connections: CONNECTIONS,
        duration,
        requests: mixRequests(MIX_MEMBERS, counters),
      } as autocannon.Options)
    : await autocannon({
        url: `${t.url}/api/v1/get_member_info`,
        method: 'POST',
        headers,
        body,
        connections: CONNECTIONS,
        duration,
      })
  t.rps.push(r.requests.average)
  const ticksAfter = cpuTicks(t.pid)
  if (ticksBefore !== null && ticksAfter !== null && r.requests.total > 0)
    t.cpuUs.push(((ticksAfter - ticksBefore) * 1e6) / TICKS_PER_S / r.requests.total)
  t.p99.push(r.latency.p99)
  t.non2xx += r.non2xx
  t.errors += r.errors
  t.lost += counters.lost
}

async function main(): Promise<void> {
  requireBuiltMock()
  const prismPort = await freePort()
  // All servers run at once; the rounds alternate between them so that a change of load on
  // this shared machine hits every target alike. Each figure is the median of the rounds.
  // Default options: neither NODE_ENV=test nor KRS_MOCK_VALIDATE_RESPONSES turns the check on.
  const plain = { NODE_ENV: '', KRS_MOCK_VALIDATE_RESPONSES: '' }
  const started: Started[] = await Promise.all([
    spawnUntil(
      process.execPath,
      [mockBin, '--port', '0', '--quiet', '--clock', 'manual'],
      /listening on (http:\/\/\S+)/,
      plain,
    ),
    spawnUntil(
      process.execPath,
      [mockBin, '--port', '0', '--clock', 'manual', '--validate-responses'],
      /listening on (http:\/\/\S+)/,
      plain,
    ),
    spawnUntil(
      `${root}node_modules/.bin/prism`,
      ['mock', 'spec/dist/openapi.json', '-h', '127.0.0.1', '-p', String(prismPort)],
      /Prism is listening/,
      {},
      90_000,
    ),
    spawnUntil(
      process.execPath,
      [mockBin, '--port', '0', '--quiet', '--clock', 'manual', '--members', String(MIX_MEMBERS)],
      /listening on (http:\/\/\S+)/,
      plain,
    ),
  ])
  try {
    const answer = await fetch(`${started[0]!.match[1]}/api/v1/get_member_info`, { method: 'POST', headers, body })
    const answerText = await answer.text()
    if (answer.status !== 200) throw new Error(`krs-mock answered ${answer.status}: ${answerText}`)
    started.push(await spawnUntil(process.execPath, ['-e', bareServer], /port (\d+)/, { BODY: answerText }))
    started.push(await spawnUntil(process.execPath, ['-e', bareServer], /port (\d+)/, { BODY: answerText, BATCH: '1' }))
    console.log(`get_member_info answer: ${Buffer.byteLength(answerText)} bytes (the bare server sends the same bytes)`)
    const bareUrl = `http://127.0.0.1:${started[4]!.match[1]}`
    const targets: Target[] = [
      { name: 'bare node:http (fixed body)', url: bareUrl, mix: false, pid: started[4]!.proc.child.pid },
      {
        name: 'krs-mock (default: no response check, log off)',
        url: started[0]!.match[1]!,
        mix: false,
        pid: started[0]!.proc.child.pid,
      },
      {
        name: 'krs-mock --validate-responses, log on',
        url: started[1]!.match[1]!,
        mix: false,
        pid: started[1]!.proc.child.pid,
      },
      { name: 'Prism mock', url: `http://127.0.0.1:${prismPort}`, mix: false },
      { name: 'bare node:http, read/write mix', url: bareUrl, mix: true, pid: started[4]!.proc.child.pid },
      { name: 'krs-mock, read/write mix', url: started[3]!.match[1]!, mix: true, pid: started[3]!.proc.child.pid },
      {
        name: 'bare node:http, answers batched',
        url: `http://127.0.0.1:${started[5]!.match[1]}`,
        mix: false,
        pid: started[5]!.proc.child.pid,
      },
    ].map((t) => ({ ...t, rps: [], p99: [], non2xx: 0, errors: 0, lost: 0, cpuUs: [] }))
    for (const t of targets) {
      if (!t.mix) {
        const check = await fetch(`${t.url}/api/v1/get_member_info`, { method: 'POST', headers, body })
        if (check.status !== 200) throw new Error(`${t.name}: ${t.url} answered ${check.status}: ${await check.text()}`)
      }
      await run({ ...t, rps: [], p99: [], cpuUs: [] }, 1) // warm-up, not counted
    }
    for (let round = 0; round < ROUNDS; round++) for (const t of targets) await run(t, DURATION)

    const [bare, mock, mockDev, prism, bareMix, mockMix, bareBatched] = targets.map((t) => median(t.rps)) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    const mockP99 = median(targets[1]!.p99)
    console.log(
      `get_member_info and the read/write mix, ${CONNECTIONS} keep-alive connections, ${ROUNDS} alternating rounds of ${DURATION} s (autocannon, loopback, 2 shared cores)`,
    )
    for (const t of targets) {
      console.log(
        `  ${t.name.padEnd(48)} ${Math.round(median(t.rps)).toString().padStart(7)} req/s  p99 ${String(median(t.p99)).padStart(4)} ms  non-2xx ${t.non2xx}  errors ${t.errors}${t.cpuUs.length > 0 ? `  CPU ${median(t.cpuUs).toFixed(0)} µs/req` : ''}${t.mix && t.name.startsWith('krs') ? `  lost writes ${t.lost}` : ''}  (rounds: ${t.rps.map(Math.round).join(', ')})`,
      )
    }
    console.log(`krs-mock / bare node:http:        ${(mock / bare).toFixed(2)}x  (goal >= 0.75x)`)
    console.log(`krs-mock / Prism:                 ${(mock / prism).toFixed(1)}x  (goal >= 20x)`)
    console.log(`read/write mix / bare node:http:  ${(mockMix / bareMix).toFixed(2)}x  (goal >= 0.5x)`)
    console.log(`krs-mock p99 at ${CONNECTIONS} connections:   ${mockP99} ms`)
    console.log(`--validate-responses + log / default: ${(mockDev / mock).toFixed(2)}x`)
    console.log(
      `krs-mock / bare node:http writing its answers the same way (batched): ${(mock / bareBatched).toFixed(2)}x  (no goal: the emulator's own cost)`,
    )
    const bareCpu = median(targets[0]!.cpuUs)
    const mockCpu = median(targets[1]!.cpuUs)
    if (targets[0]!.cpuUs.length > 0 && targets[1]!.cpuUs.length > 0) {
      console.log(
        `server CPU per get_member_info:   krs-mock ${mockCpu.toFixed(0)} µs, bare ${bareCpu.toFixed(0)} µs (${(mockCpu / bareCpu).toFixed(2)}x), bare with batched answers ${median(targets[6]!.cpuUs).toFixed(0)} µs`,
      )
      reportFigure({
        name: 'mock-throughput.cpu-per-request',
        value: Math.round(mockCpu),
        unit: 'µs',
        goal: null,
        baseline: Math.round(bareCpu),
        ratio: mockCpu / bareCpu,
      })
    }
    reportFigure({
      name: 'mock-throughput.vs-bare',
      value: Math.round(mock),
      unit: 'req/s',
      goal: '>= 0.75x',
      baseline: Math.round(bare),
      ratio: mock / bare,
      met: mock / bare >= 0.75,
    })
    reportFigure({
      name: 'mock-throughput.vs-bare-batched',
      value: Math.round(mock),
      unit: 'req/s',
      goal: null,
      baseline: Math.round(bareBatched),
      ratio: mock / bareBatched,
    })
    reportFigure({
      name: 'mock-throughput.vs-prism',
      value: Math.round(mock),
      unit: 'req/s',
      goal: '>= 20x',
      baseline: Math.round(prism),
      ratio: mock / prism,
      met: mock / prism >= 20,
    })
    reportFigure({
      name: 'mock-throughput.mix-vs-bare',
      value: Math.round(mockMix),
      unit: 'req/s',
      goal: '>= 0.5x',
      baseline: Math.round(bareMix),
      ratio: mockMix / bareMix,
      met: mockMix / bareMix >= 0.5,
    })
    reportFigure({
      name: 'mock-throughput.p99',
      value: mockP99,
      unit: 'ms',
      goal: null,
      baseline: median(targets[0]!.p99),
    })
    reportFigure({
      name: 'mock-throughput.validate-responses',
      value: Math.round(mockDev),
      unit: 'req/s',
      goal: null,
      baseline: Math.round(mock),
      ratio: mockDev / mock,
    })
    const mixErrors = targets[5]!.errors + targets[5]!.non2xx + targets[5]!.lost
    reportFigure({
      name: 'mock-throughput.mix-errors',
      value: mixErrors,
      unit: 'count',
      goal: '= 0',
      baseline: null,
      met: mixErrors === 0,
    })
  } finally {
    await Promise.all(started.map((s) => s.proc.stop()))
  }
}

await main()
