/**
 * Benchmark: forks of a template of 1,000,000 members (`createTemplate`, `createTenant({ from })`),
 * in process. A fork shares its template's member columns in chunks and copies only the chunk
 * it writes (mock-server/src/domains/member-db/chunks.ts). Figures, each beside its goal:
 *
 * - the fork (goal ≤ 1 ms), its first read (`get_member_info`, goal ≤ 10 ms), its first write
 *   (`update_member`, goal ≤ 50 ms), its memory after that one write (goal ≤ 1 MB);
 * - the same for a fork of such a fork (after the fork's write).
 *
 * Baseline of the same run: a whole copy of the table's member columns (what a fork's first
 * read or write copied before the columns were chunked), its time and its bytes.
 * Informative: the template's members made (first read of the first fork) and the template's
 * unique index built (first write of the first fork): each once per template.
 *
 *   npm run bench:fork-template -w @krs-kit/bench     (MEMBERS=200000 for a quicker run)
 * Run with --expose-gc (the script does) so that the memory figures are after a collection.
 */
import type { Engine, TenantRuntime } from '@krs-kit/mock-server'
import { loadavg } from 'node:os'
import { reportFigure } from './report.js'

const MEMBERS = Number(process.env.MEMBERS ?? 1_000_000)
/** Forks measured per figure (the median is reported). */
const RUNS = Number(process.env.RUNS ?? 15)
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc (npm run bench:fork-template does)')

const { createEngine, tokensByName } = await import('@krs-kit/mock-server')

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

function memory(): number {
  gc!()
  gc!()
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

async function call(engine: Engine, t: TenantRuntime, op: string, body: unknown): Promise<number> {
  const t0 = performance.now()
  const res = await engine.handle(
    new Request(`http://krs.test/api/v1/${op}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokensByName(t)['krs-all']}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  const text = await res.text()
  const ms = performance.now() - t0
  if (res.status !== 200) throw new Error(`${op}: ${res.status} ${text}`)
  return ms
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')
console.log(
  `forks of a ${MEMBERS.toLocaleString('en')}-member template — load average ${load()} on ${process.versions.node}`,
)

const engine = createEngine({ clock: { mode: 'manual' } })
const t0 = performance.now()
engine.createTemplate('big', { members: MEMBERS })
console.log(`template built in ${(performance.now() - t0).toFixed(0)} ms (its members are made on first read)`)

const mid = Math.floor(MEMBERS / 2)
const read = (t: TenantRuntime, id = mid) => call(engine, t, 'get_member_info', { member_table_id: 1, member_id: id })
const write = (t: TenantRuntime, id: number, name: string) =>
  call(engine, t, 'update_member', { member_table_id: 1, member_id: id, member_info: { e_6: name } })

// once per template: its members made, its unique index built
{
  const first = engine.createTenant({ from: 'big' })
  const made = await read(first)
  const indexed = await write(first, 1, '最初')
  engine.deleteTenant(first)
  console.log(
    `once per template: members made by the first fork's first read ${made.toFixed(0)} ms; unique index built by its first write ${indexed.toFixed(0)} ms`,
  )
  reportFigure({
    name: 'forkbig.template_members_ms',
    value: Number(made.toFixed(0)),
    unit: 'ms',
    goal: null,
    baseline: null,
  })
  reportFigure({
    name: 'forkbig.template_index_ms',
    value: Number(indexed.toFixed(0)),
    unit: 'ms',
    goal: null,
    baseline: null,
  })
}

/** Every column's rows in new arrays: the copy forks made of a table before it was chunked. */
interface Flat {
  flat(n: number): ArrayBufferView | unknown[]
}
interface ColumnsLike {
  rows: number
  capacity: number
  id: Flat
  alive: Flat
  regist_date: Flat
  update_date: Flat
  batch_date: Flat
  upload_date: Flat
  last_host: { values: Flat }
  last_referer: { values: Flat }
  last_useragent: { values: Flat }
  columns: Map<number, { values?: Flat; bits?: Flat }>
}

function wholeCopy(cols: ColumnsLike): (ArrayBufferView | unknown[])[] {
  const rows = cols.rows
  const out: (ArrayBufferView | unknown[])[] = []
  for (const c of [cols.id, cols.alive, cols.regist_date, cols.update_date, cols.batch_date, cols.upload_date])
    out.push(c.flat(cols.capacity))
  for (const c of [cols.last_host, cols.last_referer, cols.last_useragent]) out.push(c.values.flat(rows))
  for (const c of cols.columns.values()) out.push((c.values ?? c.bits)!.flat(cols.capacity))
  return out
}

interface Round {
  fork: number
  read: number
  write: number
  /** A later read of the same fork (nothing left to copy): what the machine's noise alone costs. */
  again: number
}

/** RUNS forks of `from`, each read once and written once, kept alive for the memory figure. */
async function rounds(from: string, label: string): Promise<{ r: Round; perFork: number; kept: TenantRuntime[] }> {
  const runs: Round[] = []
  const kept: TenantRuntime[] = []
  const before = memory()
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now()
    const f = engine.createTenant({ from })
    const fork = performance.now() - s
    const r = await read(f, mid + i * 4099)
    const w = await write(f, mid - i * 4099, `${label}${i}`)
    const again = await read(f, mid + i * 4099 + 1)
    runs.push({ fork, read: r, write: w, again })
    kept.push(f)
  }
  const perFork = (memory() - before) / RUNS
  return {
    r: {
      fork: median(runs.map((x) => x.fork)),
      read: median(runs.map((x) => x.read)),
      write: median(runs.map((x) => x.write)),
      again: median(runs.map((x) => x.again)),
    },
    perFork,
    kept,
  }
}

let copyMs = 0
let copyBytes = 0

function report(prefix: string, label: string, { r, perFork }: { r: Round; perFork: number }): void {
  const mb = perFork / 1048576
  console.log(
    `${label}: fork ${r.fork.toFixed(3)} ms (goal ≤ 1 ms); first read ${r.read.toFixed(2)} ms (goal ≤ 10 ms, baseline whole copy ${copyMs.toFixed(0)} ms; a later read ${r.again.toFixed(2)} ms); ` +
      `first write ${r.write.toFixed(2)} ms (goal ≤ 50 ms); memory after one write ${mb.toFixed(2)} MB (goal ≤ 1 MB, baseline whole copy ${(copyBytes / 1048576).toFixed(0)} MB) — medians of ${RUNS}, load ${load()}`,
  )
  reportFigure({
    name: `${prefix}.fork_ms`,
    value: Number(r.fork.toFixed(4)),
    unit: 'ms',
    goal: '<= 1 ms',
    baseline: null,
    met: r.fork <= 1,
  })
  reportFigure({
    name: `${prefix}.first_read_ms`,
    value: Number(r.read.toFixed(3)),
    unit: 'ms',
    goal: '<= 10 ms',
    baseline: Number(copyMs.toFixed(1)),
    met: r.read <= 10,
  })
  reportFigure({
    name: `${prefix}.first_write_ms`,
    value: Number(r.write.toFixed(3)),
    unit: 'ms',
    goal: '<= 50 ms',
    baseline: Number(copyMs.toFixed(1)),
    met: r.write <= 50,
  })
  reportFigure({
    name: `${prefix}.memory_after_write_mb`,
    value: Number(mb.toFixed(3)),
    unit: 'MB',
    goal: '<= 1 MB',
    baseline: Number((copyBytes / 1048576).toFixed(1)),
    met: mb <= 1,
  })
}

// warm-up: the code paths compiled before the measured forks
for (let i = 0; i < 3; i++) {
  const f = engine.createTenant({ from: 'big' })
  await read(f)
  await write(f, 2 + i, '準備')
  engine.deleteTenant(f)
}

const forks = await rounds('big', 'フォーク')
// a fork of a fork: its source has written one chunk of its own
const parent = forks.kept[0]!
for (const f of forks.kept.slice(1)) engine.deleteTenant(f)
const grand = await rounds(parent.id, '孫')

// the baseline: one whole copy of the table's member columns, as a fork's first touch made before
{
  const probe = engine.createTenant({ from: 'big' })
  await read(probe)
  const cols = probe.state.memberDb.tables.get(1)!.members as unknown as ColumnsLike
  const times: number[] = []
  for (let i = 0; i < 3; i++) {
    const s = performance.now()
    const copy = wholeCopy(cols)
    times.push(performance.now() - s)
    // the arrays' own bytes (a text column's array holds references: 8 bytes a row)
    copyBytes = copy.reduce<number>(
      (n, a) => n + (ArrayBuffer.isView(a) ? a.byteLength : 8 * (a as unknown[]).length),
      0,
    )
  }
  copyMs = median(times)
  engine.deleteTenant(probe)
  console.log(
    `baseline: a whole copy of the table's columns ${copyMs.toFixed(0)} ms, ${(copyBytes / 1048576).toFixed(1)} MB`,
  )
}

report('forkbig', `fork of the ${MEMBERS.toLocaleString('en')}-member template`, forks)
report('forkbig.of_fork', 'fork of such a fork', grand)
