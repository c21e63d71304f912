// Per-call overhead of @krs-kit/sdk against raw fetch, against the same local node:http
// server, measured in one run. Printed, not pass/fail. Goal: the SDK (default 60 s timeout)
// ≤ 1.05× raw fetch with the same timeout signal, the baseline measured in the same run.
// Run: npm run bench:sdk-overhead -w @krs-kit/bench (builds the SDK first).
import { availableParallelism, loadavg } from 'node:os'
import { pathToFileURL } from 'node:url'
import { createKrsClient } from '@krs-kit/sdk'
import { startFixedAnswerServer } from './fixed-answer-server.js'
import { reportFigure } from './report.js'

const ROUNDS = Number(process.env.ROUNDS ?? 10)
const CALLS = Number(process.env.CALLS ?? 300)
const WARMUP = 200
// Stop adding rounds after this many ms (at least 3 rounds): the machine is shared.
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 60_000)

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

async function main(): Promise<void> {
  const { port, stop } = await startFixedAnswerServer()
  try {
    const url = `http://127.0.0.1:${port}/api/v1/get_member_tables`
    const raw = async (): Promise<unknown> => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer bench-token' },
        body: JSON.stringify({}),
      })
      if (res.status !== 200) throw new Error(`status ${res.status}`)
      return res.json()
    }
    // What a careful integrator writes by hand: the same call with a timeout signal (and
    // the same headers the SDK sends: a User-Agent and a request id).
    let n = 0
    const rawWithTimeout = async (): Promise<unknown> => {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), 60_000)
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: 'Bearer bench-token',
            'user-agent': `bench node/${process.version}`,
            'x-request-id': `bench-${++n}`,
          },
          body: JSON.stringify({}),
          signal: controller.signal,
        })
        if (res.status !== 200) throw new Error(`status ${res.status}`)
        return await res.json()
      } finally {
        clearTimeout(timer)
      }
    }
    const krs = createKrsClient({ baseUrl: `http://127.0.0.1:${port}`, token: 'bench-token' })
    const krsNoTimeout = createKrsClient({ baseUrl: `http://127.0.0.1:${port}`, token: 'bench-token', timeoutMs: 0 })
    const variants: Array<[string, () => Promise<unknown>]> = [
      ['raw fetch', raw],
      ['raw fetch + timeout signal', rawWithTimeout],
      ['SDK (default 60 s timeout)', () => krs.getMemberTables()],
      ['SDK (timeoutMs: 0)', () => krsNoTimeout.getMemberTables()],
    ]
    // SDK_COMPARE=<path of another build's ESM bundle> adds that build to the same run
    // (e.g. an older version), measured like the others.
    if (process.env.SDK_COMPARE) {
      const other = (await import(pathToFileURL(process.env.SDK_COMPARE).href)) as {
        createKrsClient: typeof createKrsClient
      }
      const krsOther = other.createKrsClient({ baseUrl: `http://127.0.0.1:${port}`, token: 'bench-token' })
      variants.push(['SDK_COMPARE build (default)', () => krsOther.getMemberTables()])
    }

    const check = (await krs.getMemberTables()) as unknown[]
    if (!Array.isArray(check) || check.length !== 2) throw new Error('unexpected SDK answer')
    for (let i = 0; i < WARMUP; i++) for (const [, f] of variants) await f()

    // Calls of the variants are interleaved one by one (rotating the order) so that the
    // load of the shared machine hits every variant alike. For each round: the mean wall
    // time per call and the client process's CPU time per call (the steadier figure when
    // other processes compete for the cores).
    const times = variants.map(() => [] as number[])
    const cpu = variants.map(() => [] as number[])
    const started = performance.now()
    let rounds = 0
    for (let r = 0; r < ROUNDS && (r < 3 || performance.now() - started < BUDGET_MS); r++, rounds++) {
      const wall = variants.map(() => 0)
      const used = variants.map(() => 0)
      for (let i = 0; i < CALLS; i++) {
        for (let k = 0; k < variants.length; k++) {
          const v = (k + i) % variants.length
          const c0 = process.cpuUsage()
          const t0 = performance.now()
          await variants[v]![1]()
          wall[v]! += performance.now() - t0
          const c = process.cpuUsage(c0)
          used[v]! += c.user + c.system
        }
      }
      variants.forEach((_, v) => {
        times[v]!.push((wall[v]! * 1000) / CALLS)
        cpu[v]!.push(used[v]! / CALLS)
      })
    }
    const med = times.map(median)
    const cpuMed = cpu.map(median)
    const base = med[0]!
    console.log(
      `SDK per-call overhead (${rounds} rounds × ${CALLS} sequential calls each, local node:http server in a child process)`,
    )
    variants.forEach(([name], i) => {
      const ratio = med[i]! / base
      console.log(
        `  ${name.padEnd(28)} wall ${med[i]!.toFixed(1).padStart(8)} µs/call ×${ratio.toFixed(3)}   client CPU ${cpuMed[i]!.toFixed(1).padStart(7)} µs/call ×${(cpuMed[i]! / cpuMed[0]!).toFixed(3)}`,
      )
    })
    console.log(
      `  ratio SDK (default) / raw fetch + timeout signal, wall time: ${(med[2]! / med[1]!).toFixed(3)}×   (goal ≤ 1.05×)`,
    )
    console.log(
      `  ratio SDK (default) / raw fetch + timeout signal, client CPU: ${(cpuMed[2]! / cpuMed[1]!).toFixed(3)}×   (steadier under load)`,
    )
    console.log(`  ratio SDK (timeoutMs: 0) / raw fetch, wall time: ${(med[3]! / base).toFixed(3)}×`)
    if (variants.length > 4) {
      console.log(
        `  ratio SDK_COMPARE build / raw fetch + timeout signal: wall ${(med[4]! / med[1]!).toFixed(3)}×, client CPU ${(cpuMed[4]! / cpuMed[1]!).toFixed(3)}×`,
      )
    }
    const ratio = med[2]! / med[1]!
    reportFigure({
      name: 'sdk.per_call_wall',
      value: Number(med[2]!.toFixed(1)),
      unit: 'µs/call',
      goal: '<= 1.05x raw fetch + timeout signal',
      baseline: Number(med[1]!.toFixed(1)),
      met: ratio <= 1.05,
    })
    reportFigure({
      name: 'sdk.per_call_cpu',
      value: Number(cpuMed[2]!.toFixed(1)),
      unit: 'µs/call',
      goal: null,
      baseline: Number(cpuMed[1]!.toFixed(1)),
    })
    console.log(`  load average while measuring: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`)
  } finally {
    stop()
  }
}

await main()
