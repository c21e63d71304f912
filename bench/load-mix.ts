/**
 * Load test, full form: 1,000 concurrent keep-alive connections for 60 s on a mix
 * of reads and writes against krs-mock (loopback only, bounded in time). Recorded as figures,
 * not a pass/fail test (the short form is test/load-short.test.ts).
 *
 * Writes are update_member calls read back in the same cycle (bench/mix-requests.ts): no lost writes,
 * and the state does not grow, which makes the memory figure meaningful: RSS after a
 * warm-up run vs after the measured run (goal < 10 %).
 * Baseline: a bare node:http server answering a constant, same connections, 10 s.
 *
 * LOAD_CONNECTIONS (1000), LOAD_SECONDS (60), LOAD_WARMUP_SECONDS (10).
 */
/// <reference path="../test/support/autocannon.d.ts" />
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { rssBytes } from '@krs-kit/cross-tests/support/load-mix'
import { startMock } from '@krs-kit/cross-tests/support/spawn-mock'
import { mixRequests, type MixCounters } from './mix-requests.js'
import { reportFigure } from './report.js'

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 1000)
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const WARMUP = Number(process.env.LOAD_WARMUP_SECONDS ?? 10)
const MEMBERS = Math.max(5 * CONNECTIONS, 1000)

interface Run {
  rps: number
  p99: number
  errors: number
  non2xx: number
  timeouts: number
  writes: number
  lost: number
}

/** The mix of bench/mix-requests.ts for `seconds` on `connections` connections. */
function mix(url: string, seconds: number, connections: number): Promise<Run> {
  const counters: MixCounters = { writes: 0, lost: 0 }
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: 30,
        requests: mixRequests(MEMBERS, counters),
      } as autocannon.Options,
      (err, r) =>
        err
          ? reject(err)
          : resolve({
              rps: r.requests.average,
              p99: r.latency.p99,
              errors: r.errors,
              non2xx: r.non2xx,
              timeouts: r.timeouts,
              writes: counters.writes,
              lost: counters.lost,
            }),
    )
  })
}

async function bareBaseline(seconds: number): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(200, {'content-type': 'application/json'}); s.end('true') }) }).listen(0, '127.0.0.1', function () { console.log(this.address().port) })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const port = await new Promise<number>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
  )
  try {
    const r = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: seconds,
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    return r.requests.average
  } finally {
    child.kill('SIGTERM')
  }
}

const mock = await startMock(['--members', String(MEMBERS), '--clock', 'manual'])
try {
  console.log(
    `load mix: ${CONNECTIONS} keep-alive connections, warm-up ${WARMUP} s, measured ${SECONDS} s (update_member + 3 reads per cycle; loopback; 2 shared cores)`,
  )
  const warm = await mix(mock.url, WARMUP, CONNECTIONS)
  const rssWarm = (await rssBytes(mock.child.pid!)) ?? 0
  const run = await mix(mock.url, SECONDS, CONNECTIONS)
  const rssAfter = (await rssBytes(mock.child.pid!)) ?? 0

  const lost = run.lost
  const baseline = await bareBaseline(Math.min(10, SECONDS))
  const growth = rssWarm ? ((rssAfter - rssWarm) / rssWarm) * 100 : NaN
  console.log(
    `  warm-up: ${Math.round(warm.rps)} req/s; measured: ${Math.round(run.rps)} req/s, p99 ${run.p99} ms, errors ${run.errors}, non-2xx ${run.non2xx}, timeouts ${run.timeouts}`,
  )
  console.log(
    `  RSS after warm-up ${(rssWarm / 2 ** 20).toFixed(1)} MB, after the run ${(rssAfter / 2 ** 20).toFixed(1)} MB (${growth.toFixed(1)} %, goal < 10 %)`,
  )
  console.log(
    `  writes acknowledged ${run.writes}, read back lost ${lost}; bare node:http baseline ${Math.round(baseline)} req/s`,
  )
  reportFigure({
    name: 'load.rps',
    value: Math.round(run.rps),
    unit: 'req/s',
    goal: null,
    baseline: Math.round(baseline),
  })
  reportFigure({ name: 'load.p99', value: run.p99, unit: 'ms', goal: null, baseline: null })
  reportFigure({
    name: 'load.errors',
    value: run.errors + run.non2xx + run.timeouts,
    unit: 'count',
    goal: '= 0',
    baseline: null,
    met: run.errors + run.non2xx + run.timeouts === 0,
  })
  reportFigure({ name: 'load.lost-writes', value: lost, unit: 'count', goal: '= 0', baseline: null, met: lost === 0 })
  reportFigure({
    name: 'load.memory-growth',
    value: Number(growth.toFixed(2)),
    unit: '%',
    goal: '< 10 %',
    baseline: null,
    met: growth < 10,
  })
} finally {
  await mock.stop('SIGTERM')
}
