/**
 * Benchmark: get_members_num_by_oneshot_condition with a three-clause condition over
 * 1,000,000 members (target ≤ 50 ms), against the same query on SQLite in memory without an
 * index, on the same data, in the same run. Printed figures, not a test.
 *
 *   npm run bench:members-count -w @krs-kit/bench          (MEMBERS=200000 for a quicker run)
 */
import { memberDbHandlers } from '@krs-kit/mock-server/internal'
import { buildTenant, ctxOf, loadNote, loadSqlite, median, once, timing } from './members-support.js'
import { apiValue } from '@krs-kit/mock-server/internal'

const N = Number(process.env.MEMBERS ?? 1_000_000)
const TARGET_MS = 50

console.log(`get_members_num_by_oneshot_condition, three clauses — ${loadNote()}`)
const { tenant, ...gen } = buildTenant(N)
console.log(`members:  ${N.toLocaleString('en')} generated in ${timing(gen)}`)
const ctx = ctxOf(tenant)

// 都道府県 in {東京, 神奈川, 大阪} AND 性別 = 女性 AND 生年月日 1970-01-01..1989-12-31
const condition = {
  grouping: true,
  conditions: {
    e_10: [13, { values: [13, 14, 27] }],
    e_9: [2, { values: [2] }],
    e_8: [2, { start_date: '1970-01-01', end_date: '1989-12-31' }],
  },
}
const body = { member_table_id: 1, condition_info: condition } as never
const count = memberDbHandlers.get_members_num_by_oneshot_condition(ctx, body) as number
const engine = median(() => memberDbHandlers.get_members_num_by_oneshot_condition(ctx, body))
console.log(
  `emulator: ${count.toLocaleString('en')} members match; median ${timing(engine)} (target ≤ ${TARGET_MS} ms, judged on the smaller of wall and CPU time: ${Math.min(engine.wall, engine.cpu) <= TARGET_MS ? 'met' : 'NOT met'})`,
)

const Database = loadSqlite()
if (!Database) {
  console.log(
    'sqlite:   skipped — better-sqlite3 could not be installed (see above; BETTER_SQLITE3_DIR=<dir of the package> takes another install)',
  )
} else {
  const table = tenant.memberDb.tables.get(1)!
  const el = (id: number) => table.elements.find((e) => e.id === id)!
  const db = new Database(':memory:')
  db.exec(
    'CREATE TABLE members (id INTEGER PRIMARY KEY, email TEXT, name TEXT, sex INTEGER, pref INTEGER, birthday TEXT, regist_date TEXT)',
  )
  const ins = db.prepare('INSERT INTO members VALUES (?, ?, ?, ?, ?, ?, ?)')
  const load = once(() =>
    db.transaction(() => {
      for (let r = 0; r < table.members.rows; r++) {
        if (!table.members.alive.get(r)) continue
        ins.run(
          table.members.id.get(r),
          apiValue(table, el(4), r),
          apiValue(table, el(6), r),
          apiValue(table, el(9), r),
          apiValue(table, el(10), r),
          apiValue(table, el(8), r),
          apiValue(table, el(1), r),
        )
      }
    })(),
  )
  console.log(`sqlite:   loaded the same members in ${timing(load)} (in memory, no index)`)
  const q = db.prepare(
    "SELECT COUNT(*) AS n FROM members WHERE pref IN (13, 14, 27) AND sex = 2 AND birthday BETWEEN '1970-01-01' AND '1989-12-31'",
  )
  const sqlCount = (q.get() as { n: number }).n
  const sqlite = median(() => q.get())
  console.log(
    `sqlite:   ${sqlCount.toLocaleString('en')} members match; median ${timing(sqlite)}${sqlCount === count ? '' : '  (COUNT DIFFERS!)'}`,
  )
  console.log(
    `ratio:    SQLite time / emulator time = ${(sqlite.wall / engine.wall).toFixed(2)} (wall), ${(sqlite.cpu / engine.cpu).toFixed(2)} (CPU)`,
  )
  db.close()
}
