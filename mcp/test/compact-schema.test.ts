import { describe, expect, it } from 'vitest'
import { requestExamples } from '@krs-kit/cross-tests/support/request-examples'
import { compactSchema } from '../src/compact-schema.js'
import { operations } from '../src/contract.js'
import { createAjv } from '@krs-kit/contract/ajv'

const ajv = createAjv()

describe('compactSchema', () => {
  it('names a repeated subschema once under $defs, and leaves examples, enums and property maps alone', () => {
    const entry = {
      title: 'Entry',
      type: 'array',
      prefixItems: [{ type: 'integer' }, { type: 'object' }],
      examples: [[1, {}]],
    }
    const same = { type: 'object', properties: { a: { type: 'string' } }, examples: [{ a: 'x' }, { a: 'x' }] }
    const schema = {
      type: 'object',
      properties: { x: entry, y: entry, p: same, q: same },
      enum: [{ k: 'long enough to be counted' }, { k: 'long enough to be counted' }],
    }
    const out = compactSchema(schema, 20) as {
      properties: Record<string, unknown>
      $defs: Record<string, unknown>
      enum: unknown
    }
    expect(out.properties.x).toEqual({ $ref: '#/$defs/Entry' })
    expect(out.properties.y).toEqual({ $ref: '#/$defs/Entry' })
    expect(out.properties.p).toEqual({ $ref: '#/$defs/Shared' })
    expect(out.$defs).toEqual({ Entry: entry, Shared: same })
    expect(out.enum).toEqual(schema.enum)
    expect(compactSchema({ type: 'string' })).toEqual({ type: 'string' })
  })

  it('shrinks the condition schemas to under 10 KB', () => {
    for (const name of ['add_condition', 'get_member_infos_by_oneshot_condition', 'delete_members'] as const) {
      expect(JSON.stringify(operations[name].requestSchema).length).toBeGreaterThan(50_000)
      expect(JSON.stringify(compactSchema(operations[name].requestSchema)).length).toBeLessThan(10_000)
    }
  })

  it('accepts and refuses exactly what the contract schema does, for every operation', () => {
    let checked = 0
    for (const op of Object.values(operations)) {
      const original = ajv.compile(op.requestSchema)
      const compact = ajv.compile(compactSchema(op.requestSchema) as object)
      const bodies: unknown[] = [...requestExamples[op.name], {}, { unknown_key: 1 }, []]
      for (const example of requestExamples[op.name]) {
        // Each example with one top-level value broken: the nested schemas must refuse alike.
        if (typeof example !== 'object' || example === null) continue
        for (const key of Object.keys(example)) bodies.push({ ...example, [key]: { wrong: [1] } })
      }
      for (const body of bodies) {
        expect(compact(body), `${op.name} ${JSON.stringify(body).slice(0, 200)}`).toBe(original(body))
        checked++
      }
    }
    expect(checked).toBeGreaterThan(300)
  })
})
