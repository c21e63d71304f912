// Throughput of get_member_info over HTTP with 50 keep-alive connections (autocannon):
// krs-mock (Node door, built bin, default options: no response check, log off) vs a bare
// node:http server in its own process answering the same bytes (status line, headers and
// body of krs-mock's answer), vs the same bare server writing its answers batched per
// event-loop turn as krs-mock's Node door does, vs Prism's mock of the same contract; then the
// mixed read/write load of bench/mix-requests.ts (the load benchmark's mix) against krs-mock
// and the bare server. Everything in the same run, loopback only, bounded.
// Goals: krs-mock >= 0.9x bare and >= 0.9x bare batched for get_member_info (the answer path
// near the cost of a bare server), >= 20x Prism; the mix >= 0.5x bare. Also printed:
// krs-mock's p99 latency at 50 connections, and krs-mock with --validate-responses and its
// request log (what the tests run) for comparison.
// The main figure is the CPU time each Node server spends per request (user + system of the
// server process from /proc/<pid>/stat around each run, what process.cpuUsage() reads inside
// it, divided by the requests answered): on this shared 2-core machine requests per second
// follow the load of other jobs and of the load generator (it shares the cores), CPU per
// request far less. The ratio by CPU is bare's CPU per request / krs-mock's: the ratio of
// requests per second the two would reach with a core each. Both ratios are printed.
// Every round runs each target once in turn (A/B/C/A/B/C), each figure is the median of the
// rounds; the median of the rounds' own ratios (each pair seconds apart) is printed beside it.
// Env: DURATION (s per run, default 3), ROUNDS (default 5), TARGETS=answer-path (only
// krs-mock and the two bare servers: no Prism, no mix, no --validate-responses), BASELINE_BIN
// (another build's bin.js, run with the same options beside krs-mock: before and after a change).
// Run: npm run bench:mock-throughput -w @krs-kit/bench (builds the mock first).
/// <reference path="../test/support/autocannon.d.ts" />
import { existsSync, readFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import autocannon from 'autocannon'
import { mixRequests, type MixCounters } from './mix-requests.js'
import { freePort, median, mockBin, requireBuiltMock, root, spawnUntil } from './mock-support.js'
import { reportFigure } from './report.js'

const DURATION = Number(process.env.DURATION ?? 3)
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const CONNECTIONS = 50
/** Members of the default scenario the mix walks over. */
const MIX_MEMBERS = 1000
const body = JSON.stringify({ member_table_id: 1, member_id: 1 })
const headers = { 'content-type': 'application/json', authorization: 'Bearer krs-all' }

// The bare server answers the bytes krs-mock answers for the same request (fetched first in
// the run: its status, headers and body, passed in ANSWER; node adds Date and keep-alive as
// it does for krs-mock): both sides then send the same response, and the ratio measures what
// krs-mock does besides HTTP (parse, auth, validation, handler, journal, serialisation).
// With BATCH=1 it also writes its answers the way krs-mock's Node door does (all the answers
// of one event-loop turn together, at its end): the reference once both servers write alike.
const bareServer = `
const http = require('node:http')
const answer = JSON.parse(process.env.ANSWER)
const body = Buffer.from(answer.body)
const head = answer.headers
let pending = []
const flush = () => {
  const answers = pending
  pending = []
  for (const res of answers) {
    res.writeHead(answer.status, head)
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
    res.writeHead(answer.status, head)
    res.end(body)
  })
})
server.keepAliveTimeout = 60000
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'))
`

/** Headers node:http writes itself for every answer (the bare server's node adds them too). */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** krs-mock's answer to get_member_info as node:http reads it: status, raw headers (their case kept), body. */
function fetchAnswer(url: string): Promise<{ status: number; headers: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/v1/get_member_info`, { method: 'POST', headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => {
        text += c
      })
      res.on('end', () => {
        const raw = res.rawHeaders
        const kept: string[] = []
        for (let i = 0; i < raw.length; i += 2)
          if (!NODE_HEADERS.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!)
        resolve({ status: res.statusCode ?? 0, headers: kept, body: text })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

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

/** Only krs-mock and the two bare servers (TARGETS=answer-path): the answer path's figures alone. */
const ANSWER_PATH_ONLY = process.env.TARGETS === 'answer-path'
const GOAL_VS_BARE = 0.9
/** Another build's bin.js (e.g. a copy of dist/ before a change), measured in the same run as a before/after. */
const BASELINE_BIN = process.env.BASELINE_BIN

async function main(): Promise<void> {
  requireBuiltMock()
  const prismPort = await freePort()
  // All servers run at once; the rounds alternate between them so that a change of load on
  // this shared machine hits every target alike. Each figure is the median of the rounds.
  // Default options: neither NODE_ENV=test nor KRS_MOCK_VALIDATE_RESPONSES turns the check on.
  const plain = { NODE_ENV: '', KRS_MOCK_VALIDATE_RESPONSES: '' }
  const mockArgs = [mockBin, '--port', '0', '--quiet', '--clock', 'manual']
  const listening = /listening on (http:\/\/\S+)/
  const started: Started[] = []
  try {
    const [mock, ...others] = await Promise.all([
      spawnUntil(process.execPath, mockArgs, listening, plain),
      ...(ANSWER_PATH_ONLY
        ? []
        : [
            spawnUntil(
              process.execPath,
              [...mockArgs.filter((a) => a !== '--quiet'), '--validate-responses'],
              listening,
              plain,
            ),
            spawnUntil(
              `${root}node_modules/.bin/prism`,
              ['mock', 'spec/dist/openapi.json', '-h', '127.0.0.1', '-p', String(prismPort)],
              /Prism is listening/,
              {},
              90_000,
            ),
            spawnUntil(process.execPath, [...mockArgs, '--members', String(MIX_MEMBERS)], listening, plain),
          ]),
    ])
    started.push(mock!, ...others)
    const answer = await fetchAnswer(mock!.match[1]!)
    if (answer.status !== 200) throw new Error(`krs-mock answered ${answer.status}: ${answer.body}`)
    const ANSWER = JSON.stringify(answer)
    const bare = await spawnUntil(process.execPath, ['-e', bareServer], /port (\d+)/, { ANSWER })
    const batched = await spawnUntil(process.execPath, ['-e', bareServer], /port (\d+)/, { ANSWER, BATCH: '1' })
    started.push(bare, batched)
    const before = BASELINE_BIN
      ? await spawnUntil(process.execPath, [BASELINE_BIN, ...mockArgs.slice(1)], listening, plain)
      : null
    if (before) started.push(before)
    console.log(
      `get_member_info answer: ${Buffer.byteLength(answer.body)} bytes of body, headers ${answer.headers.filter((_, i) => i % 2 === 0).join(', ')} (the bare servers send the same bytes)`,
    )
    const bareUrl = `http://127.0.0.1:${bare.match[1]}`
    const node = (name: string, s: Started, url = s.match[1]!, mix = false) => ({
      name,
      url,
      mix,
      pid: s.proc.child.pid,
    })
    const targets: Target[] = [
      node('bare node:http (same bytes)', bare, bareUrl),
      node('bare node:http, answers batched', batched, `http://127.0.0.1:${batched.match[1]}`),
      node('krs-mock (default: no response check, log off)', mock!),
      ...(before ? [node('krs-mock of BASELINE_BIN (the same options)', before)] : []),
      ...(ANSWER_PATH_ONLY
        ? []
        : [
            node('krs-mock --validate-responses, log on', others[0]!),
            { name: 'Prism mock', url: `http://127.0.0.1:${prismPort}`, mix: false },
            node('bare node:http, read/write mix', bare, bareUrl, true),
            node('krs-mock, read/write mix', others[2]!, others[2]!.match[1]!, true),
          ]),
    ].map((t) => ({ ...t, rps: [], p99: [], non2xx: 0, errors: 0, lost: 0, cpuUs: [] }))
    const byName = (prefix: string) => targets.find((t) => t.name.startsWith(prefix))
    for (const t of targets) {
      if (!t.mix) {
        const check = await fetch(`${t.url}/api/v1/get_member_info`, { method: 'POST', headers, body })
        if (check.status !== 200) throw new Error(`${t.name}: ${t.url} answered ${check.status}: ${await check.text()}`)
      }
      await run({ ...t, rps: [], p99: [], cpuUs: [] }, 1) // warm-up, not counted
    }
    const loadBefore = loadAverage()
    for (let round = 0; round < ROUNDS; round++) for (const t of targets) await run(t, DURATION)

    console.log(
      `get_member_info${ANSWER_PATH_ONLY ? '' : ' and the read/write mix'}, ${CONNECTIONS} keep-alive connections, ${ROUNDS} alternating rounds of ${DURATION} s (autocannon, loopback, 2 shared cores; load average before the rounds ${loadBefore})`,
    )
    for (const t of targets) {
      console.log(
        `  ${t.name.padEnd(48)} ${Math.round(median(t.rps)).toString().padStart(7)} req/s  p99 ${String(median(t.p99)).padStart(4)} ms  non-2xx ${t.non2xx}  errors ${t.errors}${t.cpuUs.length > 0 ? `  CPU ${median(t.cpuUs).toFixed(1)} µs/req (rounds: ${t.cpuUs.map((c) => c.toFixed(1)).join(', ')})` : ''}${t.mix && t.name.startsWith('krs') ? `  lost writes ${t.lost}` : ''}  (req/s rounds: ${t.rps.map(Math.round).join(', ')})`,
      )
    }
    console.log(`load average after the rounds: ${loadAverage()}`)

    const bareT = targets[0]!
    const batchedT = targets[1]!
    const mockT = targets[2]!
    const mockRps = median(mockT.rps)
    const hasCpu = bareT.cpuUs.length > 0 && batchedT.cpuUs.length > 0 && mockT.cpuUs.length > 0
    const mockCpu = hasCpu ? median(mockT.cpuUs) : Number.NaN
    // The answer path: krs-mock against each bare server, by CPU per request (the main figure)
    // and by requests per second, each beside the goal.
    for (const [label, base, key] of [
      ['bare node:http (same bytes)', bareT, 'vs-bare'],
      ['bare node:http, answers batched', batchedT, 'vs-bare-batched'],
    ] as const) {
      const rpsRatio = mockRps / median(base.rps)
      const baseCpu = hasCpu ? median(base.cpuUs) : Number.NaN
      const cpuRatio = baseCpu / mockCpu
      // The round each server was least disturbed in (its lowest CPU per request): on a busy
      // machine the medians carry the other jobs' share, the minimums much less of it.
      const leastRatio = hasCpu ? Math.min(...base.cpuUs) / Math.min(...mockT.cpuUs) : Number.NaN
      // Each round's own ratio (the two servers ran seconds apart, under the same conditions):
      // a drift of the machine's speed over the run moves both of a pair, not their ratio.
      const pairedRatio = hasCpu ? median(mockT.cpuUs.map((c, i) => base.cpuUs[i]! / c)) : Number.NaN
      // Judged on the unrounded ratios, and printed beside them: 0.899 shows as 0.90x.
      const cpuMet = cpuRatio >= GOAL_VS_BARE
      const rpsMet = rpsRatio >= GOAL_VS_BARE
      console.log(
        `krs-mock / ${label}: by CPU per request ${hasCpu ? `${cpuRatio.toFixed(2)}x (medians ${mockCpu.toFixed(1)} µs against ${baseCpu.toFixed(1)} µs; least disturbed rounds ${leastRatio.toFixed(2)}x; median of the rounds' own ratios ${pairedRatio.toFixed(2)}x)` : 'n/a (no /proc)'}, by requests/s ${rpsRatio.toFixed(2)}x  (goal >= ${GOAL_VS_BARE}x${hasCpu ? `: by CPU ${verdict(cpuMet)}` : ''}; by requests/s ${verdict(rpsMet)})`,
      )
      if (hasCpu)
        reportFigure({
          name: `mock-throughput.cpu-${key}`,
          value: Number(mockCpu.toFixed(1)),
          unit: 'µs/req',
          goal: `>= ${GOAL_VS_BARE}x (baseline CPU / krs-mock CPU)`,
          baseline: Number(baseCpu.toFixed(1)),
          ratio: cpuRatio,
          met: cpuMet,
        })
      reportFigure({
        name: `mock-throughput.${key}`,
        value: Math.round(mockRps),
        unit: 'req/s',
        goal: `>= ${GOAL_VS_BARE}x`,
        baseline: Math.round(median(base.rps)),
        ratio: rpsRatio,
        met: rpsMet,
      })
    }
    const beforeT = byName('krs-mock of BASELINE_BIN')
    if (beforeT && hasCpu && beforeT.cpuUs.length > 0)
      console.log(
        `krs-mock of BASELINE_BIN: CPU per request ${median(beforeT.cpuUs).toFixed(1)} µs (least disturbed round ${Math.min(...beforeT.cpuUs).toFixed(1)} µs), ${Math.round(median(beforeT.rps))} req/s; against the batched bare server by CPU ${(median(batchedT.cpuUs) / median(beforeT.cpuUs)).toFixed(2)}x, against the bare server ${(median(bareT.cpuUs) / median(beforeT.cpuUs)).toFixed(2)}x; this build uses ${(median(mockT.cpuUs.map((c, i) => c / beforeT.cpuUs[i]!))).toFixed(2)}x its CPU per request (median of the rounds' own ratios)`,
      )
    if (ANSWER_PATH_ONLY) return

    const mockDev = median(byName('krs-mock --validate')!.rps)
    const prism = median(byName('Prism')!.rps)
    const bareMix = median(byName('bare node:http, read/write')!.rps)
    const mixT = byName('krs-mock, read/write')!
    const mockMix = median(mixT.rps)
    const mockP99 = median(mockT.p99)
    console.log(`krs-mock / Prism:                 ${(mockRps / prism).toFixed(1)}x  (goal >= 20x)`)
    console.log(`read/write mix / bare node:http:  ${(mockMix / bareMix).toFixed(2)}x  (goal >= 0.5x)`)
    console.log(`krs-mock p99 at ${CONNECTIONS} connections:   ${mockP99} ms`)
    console.log(`--validate-responses + log / default: ${(mockDev / mockRps).toFixed(2)}x`)
    reportFigure({
      name: 'mock-throughput.vs-prism',
      value: Math.round(mockRps),
      unit: 'req/s',
      goal: '>= 20x',
      baseline: Math.round(prism),
      ratio: mockRps / prism,
      met: mockRps / prism >= 20,
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
      baseline: median(bareT.p99),
    })
    reportFigure({
      name: 'mock-throughput.validate-responses',
      value: Math.round(mockDev),
      unit: 'req/s',
      goal: null,
      baseline: Math.round(mockRps),
      ratio: mockDev / mockRps,
    })
    const mixErrors = mixT.errors + mixT.non2xx + mixT.lost
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

const verdict = (met: boolean): string => (met ? 'met' : 'NOT met')

/** The 1, 5 and 15 minute load averages (the machine is shared: figures are read with them). */
function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')
}
await main()
