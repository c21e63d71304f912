import { describe, expect, it } from 'vitest'
import { createEngine } from '../../../src/index.js'
import { memberInfoJson, memberInfoOf } from '../../../src/domains/member-db/members/member-view.js'
import { StringColumn } from '../../../src/domains/member-db/member-columns.js'
import { makeTenant } from './support.js'

// get_member_info answers with JSON written straight from the columns (memberInfoJson) when
// responses are not validated; it must be exactly JSON.stringify of the member object.
describe('memberInfoJson', () => {
  it('equals JSON.stringify(memberInfoOf) for every member of every table, with and without the encryption right', () => {
    const tenant = makeTenant(300)
    let rows = 0
    for (const table of tenant.memberDb.tables.values()) {
      for (let row = 0; row < table.members.rows; row++) {
        for (const encryptedKey of [true, false]) {
          const view = { encryptedKey }
          expect(memberInfoJson(table, row, view)).toBe(JSON.stringify(memberInfoOf(table, row, view)))
        }
        rows++
      }
    }
    expect(rows).toBeGreaterThanOrEqual(300)
  })

  it('escapes text as JSON.stringify does (quotes, backslashes, controls, line separators, surrogates)', () => {
    const tenant = makeTenant(3)
    const table = tenant.memberDb.tables.get(1)!
    const column = [...table.members.columns.values()].find((c) => c instanceof StringColumn)!
    const nasty = [
      '"quoted"',
      'back\\slash',
      'tab\tnew\nline\r',
      '\u0000\u001f',
      '\u2028\u2029',
      '😀 \ud800',
      '\udc00 tail \ud83d',
      '\u0008\u000c\u007f\u0080\u07ff\u0800\uffff',
      '</script>',
    ]
    for (const [i, text] of nasty.entries()) {
      column.set(i % 3, text)
      for (const encryptedKey of [true, false]) {
        const view = { encryptedKey }
        expect(memberInfoJson(table, i % 3, view)).toBe(JSON.stringify(memberInfoOf(table, i % 3, view)))
      }
    }
  })
})

describe('get_member_info with and without response validation', () => {
  const call = async (validateResponses: boolean, token: string, body: unknown) => {
    const engine = createEngine({
      members: 40,
      seed: 3,
      validateResponses,
      clock: { mode: 'manual', now: 1_768_446_000 },
    })
    const res = await engine.respond({
      method: 'POST',
      path: '/api/v1/get_member_info',
      query: '',
      header: (name) =>
        ({ 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': 'r1' })[name],
      bodyText: JSON.stringify(body),
    })
    return { status: res.status, body: res.body, headers: res.headers }
  }

  it('answers the same bytes both ways (members, a missing member, a token without the encryption right)', async () => {
    const bodies = [
      ...[1, 2, 17, 40].map((member_id) => ({ member_table_id: 1, member_id })),
      { member_table_id: 1, member_id: 999 },
      { member_table_id: 99, member_id: 1 },
    ]
    for (const token of ['krs-all', 'krs-noencrypt']) {
      for (const body of bodies) {
        const fast = await call(false, token, body)
        const checked = await call(true, token, body)
        expect(fast).toEqual(checked)
      }
    }
    const ok = await call(false, 'krs-all', { member_table_id: 1, member_id: 1 })
    expect(ok.status).toBe(200)
    expect(JSON.parse(String(ok.body)).id).toBe(1)
  })
})
