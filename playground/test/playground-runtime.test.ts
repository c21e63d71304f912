import { describe, expect, it } from 'vitest'
import { createEngine } from '@krs-kit/mock-server'
import { operations } from '@krs-kit/contract/operations'
import { exampleBody } from '../runtime/example-body.js'
import { parseBodyText, validateBody } from '../runtime/validate-body.js'

const all = Object.values(operations)
const NOW = 1_767_225_600

describe('request body validation (Ajv 2020 on the dereferenced schema, Japanese messages)', () => {
  it('accepts a valid add_member body and explains each problem of an invalid one', () => {
    const schema = operations.add_member.requestSchema
    expect(validateBody(schema, { member_table_id: 1, member_info: { e_4: 'a@example.com' } })).toEqual([])
    const issues = validateBody(schema, { member_table_id: 0, extra: 1 })
    expect(issues).toContainEqual({ path: '', message: '必須の項目 member_info がありません', missing: 'member_info' })
    expect(issues).toContainEqual({ path: '', message: '定義されていない項目 extra があります' })
    expect(issues).toContainEqual({ path: '/member_table_id', message: '1 以上の値にしてください' })
  })

  it('reports a wrong type and a bad member_info key', () => {
    const issues = validateBody(operations.get_member_info.requestSchema, { member_table_id: 'x', member_id: 1 })
    expect(issues).toEqual([{ path: '/member_table_id', message: '型が違います（integer が必要です）' }])
    const keys = validateBody(operations.add_member.requestSchema, { member_table_id: 1, member_info: { mail: 'a' } })
    expect(keys.map((i) => i.message).join('\n')).toMatch(/項目名 mail は使えません|形式が違います/)
  })

  it('parses editor text, with a Japanese message for broken JSON; empty text is {}', () => {
    expect(parseBodyText('')).toEqual({ ok: true, value: {} })
    expect(parseBodyText('{"a":1}')).toEqual({ ok: true, value: { a: 1 } })
    const bad = parseBodyText('{"a":')
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.message).toMatch(/^JSON として読めません/)
  })
})

describe('"例を入れる": json-schema-faker with a seed, ids of the default scenario', () => {
  const accept = (schema: unknown) => (v: unknown) => validateBody(schema as object, v).length === 0

  it.each(all.map((o) => [o.name, o] as const))('%s: the example is valid against its schema', (_name, op) => {
    const body = exampleBody(op.requestSchema as object, { seed: 42, now: NOW, accept: accept(op.requestSchema) })
    expect(validateBody(op.requestSchema as object, body)).toEqual([])
  })

  it('is deterministic for a seed', () => {
    const s = operations.add_delivery_schedule.requestSchema as object
    expect(exampleBody(s, { seed: 7, now: NOW })).toEqual(exampleBody(s, { seed: 7, now: NOW }))
  })

  it('uses ids and members the emulator has: the engine answers 200 to the examples', async () => {
    const engine = createEngine({ clock: { mode: 'manual', now: NOW }, members: 20 })
    const call = async (name: keyof typeof operations, seed = 1) => {
      const op = operations[name]
      const body = exampleBody(op.requestSchema as object, { seed, now: NOW, accept: accept(op.requestSchema) })
      const res = await engine.handle(
        new Request(`http://127.0.0.1/api/v1/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
          body: JSON.stringify(body),
        }),
      )
      return { status: res.status, body: (await res.json()) as unknown, sent: body }
    }
    for (const name of [
      'get_member_info',
      'get_member_table_elements',
      'get_conditions',
      'get_members_num_by_condition',
      'add_member',
    ] as const) {
      const r = await call(name)
      expect(r.status, `${name} ${JSON.stringify(r.sent)} -> ${JSON.stringify(r.body)}`).toBe(200)
    }
  })
})
