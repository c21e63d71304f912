/// <reference path="../test/support/autocannon.d.ts" />
import type autocannon from 'autocannon'

/** What a mixed run counts besides autocannon's own figures. */
export interface MixCounters {
  /** update_member calls answered 200. */
  writes: number
  /** get_member_info read-backs that did not see their cycle's write. */
  lost: number
}

/**
 * The read/write mix of the load benchmark (bench/load-mix.ts) and of the mixed-load figure of
 * bench/mock-throughput.ts, as autocannon requests. One cycle per connection, in order:
 * update_member (member m gets a fresh global sequence number in 保有ポイント e_19),
 * get_member_info of m (its e_19 must be that number or a later one: otherwise the write was
 * lost), then two more reads. autocannon keeps the context within one cycle of a connection;
 * m walks over `members` members, so two connections meet on one member only when one is a
 * whole lap behind. The state does not grow.
 */
export function mixRequests(members: number, counters: MixCounters, token = 'krs-all'): autocannon.Request[] {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  let seq = 0
  return [
    {
      method: 'POST',
      path: '/api/v1/update_member',
      headers,
      setupRequest: (req: Record<string, unknown>, c: Record<string, unknown>) => {
        const ctx = c as Record<string, number>
        ctx.v = ++seq
        ctx.m = 1 + (seq % members)
        return { ...req, body: JSON.stringify({ member_table_id: 1, member_id: ctx.m, member_info: { e_19: ctx.v } }) }
      },
      onResponse: (status: number, _b: string, c: Record<string, unknown>) => {
        const ctx = c as Record<string, number>
        ctx.ok = status === 200 ? 1 : 0
        if (status === 200) counters.writes++
      },
    },
    {
      method: 'POST',
      path: '/api/v1/get_member_info',
      headers,
      setupRequest: (req: Record<string, unknown>, c: Record<string, unknown>) => ({
        ...req,
        body: JSON.stringify({ member_table_id: 1, member_id: c.m }),
      }),
      onResponse: (status: number, body: string, c: Record<string, unknown>) => {
        const ctx = c as Record<string, number>
        if (status !== 200 || !ctx.ok) return
        let e19: unknown
        try {
          e19 = (JSON.parse(body) as { e_19?: unknown }).e_19
        } catch {
          e19 = undefined // a baseline server's fixed body
        }
        if (typeof e19 !== 'number' || e19 < ctx.v!) counters.lost++
      },
    },
    {
      method: 'POST',
      path: '/api/v1/get_members_num_by_condition',
      headers,
      body: JSON.stringify({ member_table_id: 1, condition_id: 1 }),
    },
    { method: 'POST', path: '/api/v1/get_member_tables', headers, body: '{}' },
  ]
}
