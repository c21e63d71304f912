/**
 * Benchmark: a fork (`POST /__mock/tenants {"from": "default"}`) with `--data-dir` and 20,000
 * members, in process: its answer time now that the fork is appended to the write log (goal
 * ≤ 50 ms), against the baseline measured in the same run: the same fork followed by a save of
 * the whole state, which every admin change cost before. The same for a fork of a template
 * (`{"from": "big"}`, a template of MEMBERS members), which is logged with the template's spec.
 *
 *   npm run bench:data-dir-fork -w @krs-kit/bench      (MEMBERS=… to change the size)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEngine, type Engine } from '@krs-kit/mock-server'
import { durableStorage } from '@krs-kit/mock-server/program'
import { reportFigure } from './report.js'

const MEMBERS = Number(process.env.MEMBERS ?? 20_000)
const ROUNDS = 15

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

async function fork(engine: Engine, from = 'default'): Promise<void> {
  const res = await engine.handle(
    new Request('http://krs.test/__mock/tenants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from }),
    }),
  )
  if (res.status !== 201) throw new Error(`fork: ${res.status} ${await res.text()}`)
}

const dir = await mkdtemp(join(tmpdir(), 'krs-bench-fork-'))
try {
  const storage = durableStorage(dir, { intervalMs: 3_600_000 })
  const engine = createEngine({ members: MEMBERS, persistence: storage.persistence })
  const durable = await storage.open(engine)
  // the members are made on first read: make them before measuring
  await engine.handle(
    new Request('http://krs.test/api/v1/get_member_info', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      body: '{"member_table_id":1,"member_id":1}',
    }),
  )
  engine.createTemplate('big', { members: MEMBERS })
  for (const [from, what] of [
    ['default', 'fork'],
    ['big', 'fork of a template'],
  ] as const) {
    const logged: number[] = []
    const saved: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      let t0 = performance.now()
      await fork(engine, from)
      logged.push(performance.now() - t0)
      t0 = performance.now()
      await fork(engine, from)
      await durable.compact()
      saved.push(performance.now() - t0)
    }
    const load = loadavg()[0]!.toFixed(1)
    console.log(`${what} with --data-dir, ${MEMBERS} members, ${ROUNDS} rounds (load ${load})`)
    console.log(
      `  logged (now):             median ${median(logged).toFixed(1)} ms, max ${Math.max(...logged).toFixed(1)} ms`,
    )
    console.log(`  with a whole-state save:  median ${median(saved).toFixed(1)} ms (baseline)`)
    reportFigure({
      name: `${what} with --data-dir, ${MEMBERS} members (median; load ${load})`,
      value: Number(median(logged).toFixed(2)),
      unit: 'ms',
      goal: '≤ 50 ms',
      baseline: Number(median(saved).toFixed(2)),
      met: median(logged) <= 50,
    })
  }
  await durable.close()
} finally {
  await rm(dir, { recursive: true, force: true })
}
