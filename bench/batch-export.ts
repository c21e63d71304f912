/**
 * Benchmark: export of 1,000,000 members (all members, all items, CSV) through
 * export_members until the result file is written — goal < 6 s of wall time.
 * Baselines in the same run: a plain loop reading the same columns and joining them with
 * commas (no quoting, no conversion), and csv-stringify on the first 100,000 rows of the same
 * values (scaled to the whole), the library the export does not use for this reason.
 * Printed figures, not a test.
 *
 *   npm run bench:batch-export -w @krs-kit/bench        (MEMBERS=200000 for a quicker run)
 */
import { stringify } from 'csv-stringify/sync'
import { handlerTable } from '@krs-kit/mock-server'
import { apiValue } from '@krs-kit/mock-server/internal'
import { batchCtx, finishJob, perSecond, startClock } from './batch-support.js'
import { reportFigure } from './report.js'
import { buildTenant, loadNote, once, timing } from './members-support.js'

const N = Number(process.env.MEMBERS ?? 1_000_000)
const GOAL_MS = 6000
const SAMPLE = Math.min(N, 100_000)

console.log(`export of ${N.toLocaleString('en')} members (all items, CSV) — ${loadNote()}`)
const { tenant, ...gen } = buildTenant(N)
console.log(`members:  generated in ${timing(gen)}`)
const table = tenant.memberDb.tables.get(1)!
const cols = table.members

const plain = once(() => {
  let out = 0
  for (let r = 0; r < cols.rows; r++) {
    let line = String(cols.id.get(r))
    for (const el of table.elements) {
      const v = apiValue(table, el, r)
      line += `,${v === null ? '' : String(v)}`
    }
    out += line.length + 1
  }
  return out
})
console.log(`baseline: plain join of the values      ${timing(plain)}  (${perSecond(cols.rows, plain.wall)})`)

const lib = once(() => {
  const rows: string[][] = []
  for (let r = 0; r < SAMPLE; r++)
    rows.push([
      String(cols.id.get(r)),
      ...table.elements.map((el) => {
        const v = apiValue(table, el, r)
        return v === null ? '' : Array.isArray(v) ? v.join(',') : String(v)
      }),
    ])
  return stringify(rows).length
})
const libScaled = { wall: (lib.wall * N) / SAMPLE, cpu: (lib.cpu * N) / SAMPLE }
console.log(
  `baseline: csv-stringify, ${SAMPLE.toLocaleString('en')} rows ×${(N / SAMPLE).toFixed(0)}  ${timing(libScaled)}  (${perSecond(N, libScaled.wall)})`,
)

const clock = startClock()
const run = once(() => {
  const ctx = batchCtx(tenant, clock, 'export_members')
  const jobId = handlerTable.export_members(ctx, {
    member_table_id: 1,
    condition_id: 1,
    columnset_id: 1,
    is_csv: true,
  }) as number
  finishJob(tenant, clock, jobId)
  return tenant.batch!.jobs[String(jobId)]!.resultText!
})
console.log(
  `export:   job → result file             ${timing(run)}  (${perSecond(N, run.wall)})  ${(run.value.length / 1e6).toFixed(0)} M characters`,
)
console.log(
  `ratio:    ${(run.wall / plain.wall).toFixed(1)}× the plain join, ${(run.wall / libScaled.wall).toFixed(2)}× csv-stringify; goal < ${GOAL_MS} ms: ${run.wall < GOAL_MS ? 'met' : 'NOT met'} by wall time, ${run.cpu < GOAL_MS ? 'met' : 'NOT met'} by CPU time (a loaded machine stretches wall time: ${loadNote()})`,
)
reportFigure({
  name: 'batch.export.wall',
  value: Math.round(run.wall),
  unit: 'ms',
  goal: `< ${GOAL_MS} ms`,
  baseline: Math.round(libScaled.wall),
  met: run.wall < GOAL_MS,
})
reportFigure({
  name: 'batch.export.cpu',
  value: Math.round(run.cpu),
  unit: 'ms',
  goal: `< ${GOAL_MS} ms`,
  baseline: Math.round(libScaled.cpu),
  met: run.cpu < GOAL_MS,
})
reportFigure({
  name: 'batch.export.rows-per-second',
  value: Math.round(N / (run.wall / 1000)),
  unit: 'rows/s',
  goal: null,
  baseline: null,
})
