// Anonymous and hostile request bodies against krs-mock (built, its own process):
// - 70 POSTs of 59 MB with `Authorization: Bearer nope` (10 at a time): the server's peak RSS
//   (VmHWM). Goal < 300 MB. The code before the cheap refusals reached 3.9 GB and aborted
//   (heap out of memory).
// - one 57 MB `{"pad":[{},{},…]}` body to get_version while a second client calls get_version
//   every 50 ms: the longest wait of that client. Goal < 1 s. Before: about 60 s.
// - a 59 MB `add_member` and a 59 MB `upload_stored_files` with the public token `krs-all`
//   (one long string each, as a client could send), while a second client calls get_version
//   every 20 ms: the longest get_version wait, beside the longest wait of the same client
//   alone in the same run (the baseline). Goal ≤ 200 ms (the body is parsed off the event
//   loop, mock-server/src/node/json-worker.ts). DELAY_ONLY=1 runs only this part.
// Set BASELINE_BIN to another build's bin.js to measure it in the same run (the baseline
// figures); without it the baselines are null. Smaller runs: BODIES=10 MB_EACH=30.
// Run: npm run bench:hostile -w @krs-kit/bench (builds the mock first).
import http from 'node:http'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { writeBytes } from '@krs-kit/cross-tests/support/write-bytes'
import { mockBin, requireBuiltMock, spawnUntil } from './mock-support.js'
import { reportFigure } from './report.js'

const BODIES = Number(process.env.BODIES ?? 70)
const MB_EACH = Number(process.env.MB_EACH ?? 59)
const AT_ONCE = 10
const MB = 1024 * 1024

function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : Number.NaN
}

/** POST `size` bytes from one shared piece (the sender's memory stays flat); resolves on the answer or an error. */
function postBytes(url: string, size: number, piece: Buffer, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(size), ...headers },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve(String(res.statusCode)))
    })
    req.on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? String(e)))
    writeBytes(req, size, piece)
  })
}

async function anonymousBodies(bin: string): Promise<{ rss: number; statuses: string }> {
  const { proc, match } = await spawnUntil(process.execPath, [bin, '--port', '0', '--quiet'], /listening on (\S+)/)
  try {
    const url = `${match[1]}/api/v1/get_member_info`
    const piece = Buffer.alloc(MB, 0x20)
    const seen = new Map<string, number>()
    let sent = 0
    const worker = async (): Promise<void> => {
      while (sent < BODIES && proc.child.exitCode === null) {
        sent++
        const s = await postBytes(url, MB_EACH * MB, piece, { authorization: 'Bearer nope' })
        seen.set(s, (seen.get(s) ?? 0) + 1)
      }
    }
    await Promise.all(Array.from({ length: AT_ONCE }, worker))
    const exited = proc.child.exitCode ?? proc.child.signalCode
    const rss = exited === null ? peakRssMb(proc.child.pid!) : Number.NaN
    const statuses = [...seen].map(([k, v]) => `${v}× ${k}`).join(', ')
    // A server that died (heap out of memory) has no RSS to read: its figure is null.
    return { rss, statuses: exited === null ? statuses : `${statuses}; the server died (${exited})` }
  } finally {
    await proc.stop()
  }
}

async function hostileShape(bin: string): Promise<{ waitMs: number; status: string }> {
  const { proc, match } = await spawnUntil(process.execPath, [bin, '--port', '0', '--quiet'], /listening on (\S+)/)
  try {
    const url = `${match[1]}/api/v1/get_version`
    const n = Math.floor((57 * MB - 10) / 3)
    const body = Buffer.from(`{"pad":[${'{},'.repeat(n - 1)}{}]}`)
    let done = false
    let longest = 0
    const pinger = (async () => {
      while (!done) {
        const t0 = performance.now()
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(
          (r) => r.text(),
          () => '',
        )
        longest = Math.max(longest, performance.now() - t0)
        await new Promise((r) => setTimeout(r, 50))
      }
    })()
    const status = await postBytes(url, body.length, body, {})
    // a stall that outlasts the hostile answer still counts
    await new Promise((r) => setTimeout(r, 200))
    done = true
    await pinger
    return { waitMs: longest, status }
  } finally {
    await proc.stop()
  }
}

/** Longest of `n` get_version calls one after another, `gapMs` apart, or until `until()`. */
async function pingLongest(url: string, until: () => boolean, gapMs: number): Promise<number> {
  let longest = 0
  while (!until()) {
    const t0 = performance.now()
    await fetch(`${url}/api/v1/get_version`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then(
      (r) => r.text(),
      () => '',
    )
    longest = Math.max(longest, performance.now() - t0)
    await new Promise((r) => setTimeout(r, gapMs))
  }
  return longest
}

async function concurrentDelay(
  bin: string,
  op: 'add_member' | 'upload_stored_files',
): Promise<{ aloneMs: number; duringMs: number; status: string }> {
  const { proc, match } = await spawnUntil(process.execPath, [bin, '--port', '0', '--quiet'], /listening on (\S+)/)
  try {
    const url = match[1]!
    const long = 'y'.repeat(MB_EACH * MB)
    const text =
      op === 'add_member'
        ? `{"member_table_id":1,"member_info":{"e_4":"a@example.com","e_5":"pass1234","e_6":"${long}"}}`
        : `{"file_name":"big.csv","body":"${long}"}`
    const body = Buffer.from(text)
    // the same client alone first (warm), as long as the hostile call will take at most
    let n = 0
    const aloneMs = await pingLongest(url, () => n++ >= 40, 20)
    let done = false
    const during = pingLongest(url, () => done, 20)
    const status = await postBytes(`${url}/api/v1/${op}`, body.length, body, { authorization: 'Bearer krs-all' })
    // a stall that outlasts the answer still counts
    await new Promise((r) => setTimeout(r, 200))
    done = true
    return { aloneMs, duringMs: await during, status }
  } finally {
    await proc.stop()
  }
}

async function delays(): Promise<void> {
  for (const op of ['add_member', 'upload_stored_files'] as const) {
    const load = loadavg()[0]!.toFixed(1)
    const r = await concurrentDelay(mockBin, op)
    console.log(`${op} ${MB_EACH} MB with krs-all answered ${r.status} (load ${load})`)
    reportFigure({
      name: `longest get_version wait during a ${MB_EACH} MB ${op} with krs-all (baseline: get_version alone, same run; load ${load})`,
      value: Math.round(r.duringMs),
      unit: 'ms',
      goal: '≤ 200 ms',
      baseline: Math.round(r.aloneMs),
      met: r.duringMs <= 200,
    })
  }
}

async function main(): Promise<void> {
  requireBuiltMock()
  if (process.env.DELAY_ONLY) return delays()
  const baseline = process.env.BASELINE_BIN
  const a = await anonymousBodies(mockBin)
  const aBase = baseline ? await anonymousBodies(baseline) : null
  console.log(`anonymous bodies: ${a.statuses}${aBase ? `; baseline: ${aBase.statuses}` : ''}`)
  reportFigure({
    name: `krs-mock peak RSS after ${BODIES} × ${MB_EACH} MB bodies with an unknown token`,
    value: Math.round(a.rss),
    unit: 'MB',
    goal: '< 300 MB',
    baseline: aBase ? Math.round(aBase.rss) : null,
    met: a.rss < 300,
  })
  const h = await hostileShape(mockBin)
  const hBase = baseline ? await hostileShape(baseline) : null
  console.log(`hostile body answered ${h.status}${hBase ? `; baseline: ${hBase.status}` : ''}`)
  reportFigure({
    name: 'longest get_version wait during a 57 MB {"pad":[{},…]} body',
    value: Math.round(h.waitMs),
    unit: 'ms',
    goal: '< 1000 ms',
    baseline: hBase ? Math.round(hBase.waitMs) : null,
    met: h.waitMs < 1000,
  })
  await delays()
}

await main()
