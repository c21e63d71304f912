/**
 * Benchmark: a delivery to 100,000 members reaches phase 3 after the clock is advanced,
 * and its result (get_delivery_result and get_summary_for_delivery_status) is computed —
 * goal < 2 s of wall time. Baseline in the same run: a plain loop over the same members
 * counting the same categories by the same rules. Printed figures, not a test.
 *
 *   npm run bench:delivery -w @krs-kit/bench          (MEMBERS=20000 for a quicker run)
 */
import type { EngineContext } from '@krs-kit/mock-server'
import {
  advanceMailDelivery,
  mailDeliveryHandlers,
  mailDeliveryStateFrom,
  type StringColumn,
} from '@krs-kit/mock-server/internal'
import { buildTenant, loadNote, NOW, once, timing } from './members-support.js'

const N = Number(process.env.MEMBERS ?? 100_000)
const RUNS = 3
const GOAL_MS = 2000

console.log(`delivery to ${N.toLocaleString('en')} members, phase 0 → 3 and its result — ${loadNote()}`)
const { tenant, ...gen } = buildTenant(N)
console.log(`members:  generated in ${timing(gen)}`)

// lists that hit real members: every 50th address stopped, every 70th unsubscribed, one domain bounces
const table = tenant.memberDb.tables.get(1)!
const emails = (table.members.columns.get(4) as StringColumn).values.flat(table.members.rows)
const pick = (step: number, from: number) =>
  emails.filter((_, i) => i % step === from).map((e) => (e ?? '').toLowerCase())
const domain = (a: string) => a.slice(a.lastIndexOf('@'))
const bounceDomain = domain((emails[7] ?? '@x').toLowerCase())
const section = {
  stopped: pick(50, 1),
  unsubscribed: pick(70, 2),
  bounces: [
    { match: bounceDomain, code: '5.1.1' },
    { match: (emails[11] ?? '').toLowerCase(), code: '4.2.2' },
  ],
}
tenant.memberDb.blacklist.push(...pick(90, 3))

let clock = NOW
let s = 1
const account = tenant.accounts.get(tenant.tokens.get('krs-all')!.accountId)!
const ctx: EngineContext = {
  operation: 'add_delivery_schedule',
  tenant,
  account,
  requestId: 'bench',
  now: () => clock,
  random: () => {
    s = (s * 16807) % 2147483647
    return s / 2147483647
  },
  audit: () => {},
  onUndo: () => {},
}
const h = mailDeliveryHandlers as unknown as Record<string, (c: EngineContext, b: unknown) => unknown>

const emulator: { wall: number; cpu: number }[] = []
let counts: Record<string, number> = {}
for (let run = 0; run < RUNS; run++) {
  tenant.mailDelivery = mailDeliveryStateFrom(section)
  const msg = h.add_mail_message!(ctx, {
    member_table_id: 1,
    mail_info: { type: 1, from: 'info@example.com', subject: '配信', text_part: '{{e_6}} 様\n' },
  }) as number
  const id = h.add_delivery_schedule!(ctx, {
    mail_message_id: msg,
    delivery_info: { title: 'bench', condition_id: 1, element_id: 4, delivery_date: clock + 60, blacklist: true },
  }) as number
  clock += 86_400
  const r = once(() => {
    advanceMailDelivery(tenant, clock) // what the scheduler does when the clock is advanced
    const result = h.get_delivery_result!(ctx, { delivery_id: id }) as { count_info: Record<string, number> }
    h.get_summary_for_delivery_status!(ctx, { delivery_id: id })
    return result
  })
  if (tenant.mailDelivery.deliveries.get(id)!.phase !== 3) throw new Error('the delivery did not reach phase 3')
  counts = r.value.count_info
  emulator.push({ wall: r.wall, cpu: r.cpu })
}

// baseline: the same counting as a plain loop over the member column
const baseline = once(() => {
  const stopped = new Set(section.stopped),
    unsub = new Set(section.unsubscribed),
    black = new Set(tenant.memberDb.blacklist)
  const bounce = new Set([bounceDomain]),
    bounceAddr = (emails[11] ?? '').toLowerCase()
  const c = { all: 0, stopped: 0, no_address: 0, blacklist: 0, unsubscribed_address: 0, error: 0 }
  const alive = table.members.alive
  for (let r = 0; r < table.members.rows; r++) {
    if (alive.get(r) !== 1) continue
    c.all++
    const a = (emails[r] ?? '').trim().toLowerCase()
    if (a === '') c.no_address++
    else if (stopped.has(a)) c.stopped++
    else if (black.has(a) || black.has(domain(a))) c.blacklist++
    else if (unsub.has(a)) c.unsubscribed_address++
    else if (a === bounceAddr || bounce.has(domain(a))) c.error++
  }
  return c
})
for (const k of Object.keys(baseline.value) as (keyof typeof baseline.value)[]) {
  if (baseline.value[k] !== counts[k])
    throw new Error(`count ${k}: emulator ${counts[k]}, baseline ${baseline.value[k]}`)
}
const mid = [...emulator].sort((a, b) => a.wall - b.wall)[Math.floor(RUNS / 2)]!
console.log(`counts:   ${JSON.stringify(counts)} (equal to the baseline's)`)
console.log(
  `emulator: phase 0 → 3 + result, median of ${RUNS}: ${timing(mid)} (goal < ${GOAL_MS} ms: ${Math.min(mid.wall, mid.cpu) < GOAL_MS ? 'met' : 'NOT met'})`,
)
console.log(
  `baseline: plain counting loop: ${timing(baseline)}; emulator / baseline = ${(mid.wall / Math.max(0.001, baseline.wall)).toFixed(1)}×`,
)
