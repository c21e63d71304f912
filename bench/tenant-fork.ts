/**
 * Benchmark: tenant forks (`createTenant({ from })`), in process.
 *
 * - fork of the default tenant (goal ≤ 1 ms), against the full `createTenant()` of the default
 *   scenario measured in the same run (the baseline);
 * - fork of a live tenant of 1,000,000 members (goal ≤ 20 ms), the parent owning its state
 *   before each fork (the costlier case: the parent's sections become shared);
 * - memory of 1,000 live forks of the default tenant against the memory of one emulator with
 *   its default tenant (module, engine and tenant, measured from before the import; goal: with
 *   the forks ≤ 2× without). Informative beside it: a fork's own bytes, and one full tenant's.
 * Informative: the first write to a fork's 1,000,000-member table (the copy of that table).
 *
 *   npm run bench:fork -w @krs-kit/bench      (MEMBERS=200000 for a quicker run)
 * Run with --expose-gc (the script does) so that the memory figures are after a collection.
 */
import type { Engine } from '@krs-kit/mock-server'
import { loadavg } from 'node:os'
import { reportFigure } from './report.js'

const MEMBERS = Number(process.env.MEMBERS ?? 1_000_000)
const FORKS = 1000
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc (npm run bench:fork does)')

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

function timed(fn: () => void): number {
  const t0 = performance.now()
  fn()
  return performance.now() - t0
}

/** Heap plus the typed arrays' buffers (the member columns), after a full collection. */
function memory(): number {
  gc!()
  gc!()
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`

// before the emulator is loaded: the memory figures count the module and the engine too
const bare = memory()
const { createEngine, tokensByName } = await import('@krs-kit/mock-server')

async function write(engine: Engine, token: string, op: string, body: unknown): Promise<void> {
  const res = await engine.handle(
    new Request(`http://krs.test/api/v1/${op}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  if (res.status !== 200) throw new Error(`${op}: ${res.status} ${await res.text()}`)
}

console.log(
  `tenant forks — load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${process.versions.node}`,
)

// 1. the default tenant: fork vs full build
{
  const engine = createEngine({ clock: { mode: 'manual' } })
  const forks: number[] = []
  const full: number[] = []
  for (let i = 0; i < 20; i++) engine.deleteTenant(engine.createTenant({ from: 'default' })) // warm-up
  for (let i = 0; i < 3; i++) engine.deleteTenant(engine.createTenant())
  for (let i = 0; i < 201; i++) {
    let t = engine.defaultTenant
    forks.push(
      timed(() => {
        t = engine.createTenant({ from: 'default' })
      }),
    )
    engine.deleteTenant(t)
  }
  for (let i = 0; i < 11; i++) {
    let t = engine.defaultTenant
    full.push(
      timed(() => {
        t = engine.createTenant()
      }),
    )
    engine.deleteTenant(t)
  }
  const fork = median(forks)
  const baseline = median(full)
  console.log(
    `fork of the default tenant: median ${fork.toFixed(3)} ms of ${forks.length} (goal ≤ 1 ms); full createTenant(): median ${baseline.toFixed(1)} ms of ${full.length}`,
  )
  reportFigure({
    name: 'fork.default_ms',
    value: Number(fork.toFixed(4)),
    unit: 'ms',
    goal: '<= 1 ms',
    baseline: Number(baseline.toFixed(3)),
    met: fork <= 1,
  })
}

// 2. memory: 1,000 live forks of the default tenant against the emulator with one tenant
{
  const engine = createEngine({ clock: { mode: 'manual' } })
  await write(engine, 'krs-all', 'update_member', { member_table_id: 1, member_id: 1, member_info: { e_6: '初回' } })
  engine.deleteTenant(engine.createTenant({ from: 'default' }))
  const mOne = memory()
  const forks = []
  for (let i = 0; i < FORKS; i++) forks.push(engine.createTenant({ from: 'default' }))
  const mForks = memory()
  const one = mOne - bare
  const ratio = (mForks - bare) / one
  const perFork = (mForks - mOne) / FORKS
  console.log(
    `memory: the emulator with its default tenant ${mb(one)}; with ${FORKS} live forks ${mb(mForks - bare)} = ${ratio.toFixed(2)}× (goal ≤ 2×); a fork ${(perFork / 1024).toFixed(1)} KB`,
  )
  reportFigure({
    name: 'fork.memory_1000_forks_x',
    value: Number(ratio.toFixed(3)),
    unit: '× one',
    goal: '<= 2x',
    baseline: null,
    met: ratio <= 2,
  })
  // informative: a full tenant of the same scenario, and the forks once each has written
  const full = engine.createTenant()
  const mFull = memory()
  engine.deleteTenant(full)
  console.log(
    `memory: one more full tenant of the default scenario ${mb(mFull - mForks)} (a fork: ${(perFork / 1024).toFixed(1)} KB)`,
  )
  reportFigure({
    name: 'fork.memory_per_fork_kb',
    value: Number((perFork / 1024).toFixed(1)),
    unit: 'KB',
    goal: null,
    baseline: Number(((mFull - mForks) / 1024).toFixed(1)),
  })
  for (const f of forks)
    await write(engine, tokensByName(f)['krs-all']!, 'update_member', {
      member_table_id: 1,
      member_id: 1,
      member_info: { e_6: '書込' },
    })
  const mWritten = memory()
  console.log(
    `memory: the ${FORKS} forks after one member write each ${mb(mWritten - mOne)} (each copied that member table)`,
  )
  for (const f of forks) engine.deleteTenant(f)
  forks.length = 0
  const mDeleted = memory()
  console.log(`memory: after deleting the forks ${mb(mDeleted - mOne)} above the emulator with one tenant`)
  reportFigure({
    name: 'fork.memory_after_delete_mb',
    value: Number(((mDeleted - mOne) / 1048576).toFixed(2)),
    unit: 'MB',
    goal: null,
    baseline: null,
  })
}

// 3. a live tenant of 1,000,000 members
{
  const t0 = performance.now()
  const engine = createEngine({ clock: { mode: 'manual' }, members: MEMBERS })
  console.log(
    `a tenant of ${MEMBERS.toLocaleString('en')} members built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
  const parent = engine.defaultTenant
  const times: number[] = []
  let firstWrite = 0
  for (let i = 0; i < 5; i++) {
    // the parent owns its member tables again (a write after the last fork made it copy them)
    await write(engine, 'krs-all', 'update_member', {
      member_table_id: 1,
      member_id: 1,
      member_info: { e_6: `親${i}` },
    })
    for (const table of parent.state.memberDb.tables.values()) void table
    let f = parent
    times.push(
      timed(() => {
        f = engine.createTenant({ from: 'default' })
      }),
    )
    if (i === 0) {
      const w0 = performance.now()
      await write(engine, tokensByName(f)['krs-all']!, 'update_member', {
        member_table_id: 1,
        member_id: 2,
        member_info: { e_6: 'フォーク' },
      })
      firstWrite = performance.now() - w0
    }
    engine.deleteTenant(f)
  }
  const fork = median(times)
  console.log(
    `fork of a live ${MEMBERS.toLocaleString('en')}-member tenant: median ${fork.toFixed(3)} ms of ${times.length} (goal ≤ 20 ms); the fork's first member write (copies that table) ${firstWrite.toFixed(0)} ms`,
  )
  reportFigure({
    name: 'fork.million_ms',
    value: Number(fork.toFixed(4)),
    unit: 'ms',
    goal: '<= 20 ms',
    baseline: null,
    met: fork <= 20,
  })
  reportFigure({
    name: 'fork.million_first_write_ms',
    value: Number(firstWrite.toFixed(1)),
    unit: 'ms',
    goal: null,
    baseline: null,
  })
}
