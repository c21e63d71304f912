/**
 * Benchmark: import of a 100,000-row CSV (mode 0, new members) through upload_stored_files
 * and import_members until the job's result file is written — goal < 3 s of wall time.
 * Baseline in the same run: csv-parse alone reading the same file (no member writes).
 * Printed figures, not a test.
 *
 *   npm run bench:batch-import -w @krs-kit/bench        (ROWS=20000 for a quicker run)
 */
import { parse } from 'csv-parse/sync'
import { handlerTable } from '@krs-kit/mock-server'
import { batchCtx, finishJob, perSecond, startClock } from './batch-support.js'
import { reportFigure } from './report.js'
import { buildTenant, loadNote, once, timing } from './members-support.js'

const ROWS = Number(process.env.ROWS ?? 100_000)
const GOAL_MS = 3000

console.log(`import of a ${ROWS.toLocaleString('en')}-row CSV (mode 0) — ${loadNote()}`)
const { tenant } = buildTenant(1000)
const clock = startClock()

const header = 'e_4,e_5,e_6,e_7,e_8,e_9,e_10,e_11,e_13,e_14,e_16,e_19,e_21\n'
let body = header
for (let i = 0; i < ROWS; i++) {
  const y = 1950 + (i % 50)
  body += `bench.${i}@example.com,Pass${i}word,山田 太郎${i},ヤマダ タロウ,${y}-0${1 + (i % 9)}-1${i % 10},${1 + (i % 2)},${1 + (i % 47)},100-${String(i % 10000).padStart(4, '0')},"${1 + (i % 8)},${1 + ((i + 3) % 8)}",${1 + (i % 4)},${i % 2},${i % 1000},"自己紹介 ${i}, よろしく"\n`
}
console.log(`file:     ${(body.length / 1e6).toFixed(1)} M characters`)

const base = once(() => {
  let n = 0
  parse(body, {
    on_record: () => {
      n++
      return null
    },
  })
  return n
})
console.log(`baseline: csv-parse alone              ${timing(base)}  (${perSecond(base.value, base.wall)})`)

const upload = batchCtx(tenant, clock, 'upload_stored_files')
const fileId = handlerTable.upload_stored_files(upload, { file_name: 'bench.csv', body }) as number
const run = once(() => {
  const ctx = batchCtx(tenant, clock, 'import_members')
  const jobId = handlerTable.import_members(ctx, { member_table_id: 1, stored_file_id: fileId, is_update: 0 }) as number
  finishJob(tenant, clock, jobId)
  return tenant.batch!.jobs[String(jobId)]!
})
const counts = run.value.counts!
console.log(
  `import:   upload → job → result file    ${timing(run)}  (${perSecond(ROWS, run.wall)})  registered ${counts.added}, errors ${counts.errors}`,
)
console.log(
  `ratio:    ${(run.wall / base.wall).toFixed(1)}× csv-parse alone; goal < ${GOAL_MS} ms: ${run.wall < GOAL_MS ? 'met' : 'NOT met'} by wall time, ${run.cpu < GOAL_MS ? 'met' : 'NOT met'} by CPU time (a loaded machine stretches wall time: ${loadNote()})`,
)
reportFigure({
  name: 'batch.import.wall',
  value: Math.round(run.wall),
  unit: 'ms',
  goal: `< ${GOAL_MS} ms`,
  baseline: Math.round(base.wall),
  met: run.wall < GOAL_MS,
})
reportFigure({
  name: 'batch.import.cpu',
  value: Math.round(run.cpu),
  unit: 'ms',
  goal: `< ${GOAL_MS} ms`,
  baseline: Math.round(base.cpu),
  met: run.cpu < GOAL_MS,
})
reportFigure({
  name: 'batch.import.rows-per-second',
  value: Math.round(ROWS / (run.wall / 1000)),
  unit: 'rows/s',
  goal: null,
  baseline: null,
})
if (counts.added !== ROWS)
  throw new Error(`expected ${ROWS} registrations, got ${counts.added} (errors ${counts.errors})`)
