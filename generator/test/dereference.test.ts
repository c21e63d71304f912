import { describe, expect, it } from 'vitest'
import { ContractError } from '../src/contract-error.js'
import { dereferenceSchema } from '../src/dereference.js'

const doc = {
  components: {
    schemas: {
      Id: { type: 'integer', minimum: 1, description: 'ID。' },
      Pair: {
        type: 'object',
        properties: { a: { $ref: '#/components/schemas/Id' }, b: { $ref: '#/components/schemas/Id' } },
      },
      List: { type: 'array', items: { $ref: '#/components/schemas/Pair' } },
      'a/b~c': { const: 1 },
      Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
      PingA: { anyOf: [{ $ref: '#/components/schemas/PingB' }] },
      PingB: { not: { $ref: '#/components/schemas/PingA' } },
    },
  },
}

interface Case {
  name: string
  given: unknown
  want: unknown
}

const cases: Case[] = [
  { name: 'boolean schema is kept', given: true, want: true },
  { name: 'schema without $ref is copied', given: { type: 'string' }, want: { type: 'string' } },
  {
    name: 'a lone $ref becomes its target',
    given: { $ref: '#/components/schemas/Id' },
    want: { type: 'integer', minimum: 1, description: 'ID。' },
  },
  {
    name: 'refs inside the target are resolved too (items, properties)',
    given: { $ref: '#/components/schemas/List' },
    want: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          a: { type: 'integer', minimum: 1, description: 'ID。' },
          b: { type: 'integer', minimum: 1, description: 'ID。' },
        },
      },
    },
  },
  {
    name: 'annotation siblings of $ref override the target in place',
    given: { $ref: '#/components/schemas/Id', description: '会員ID。', examples: [3] },
    want: { type: 'integer', minimum: 1, description: '会員ID。', examples: [3] },
  },
  {
    name: 'validation siblings of $ref make an allOf',
    given: { $ref: '#/components/schemas/Id', maximum: 9, description: 'x' },
    want: { allOf: [{ type: 'integer', minimum: 1, description: 'ID。' }], maximum: 9, description: 'x' },
  },
  {
    name: 'refs in allOf/oneOf/anyOf/prefixItems/patternProperties/$defs are resolved',
    given: {
      oneOf: [{ $ref: '#/components/schemas/Id' }],
      prefixItems: [{ $ref: '#/components/schemas/a~1b~0c' }],
      patternProperties: { '^e_': { $ref: '#/components/schemas/a~1b~0c' } },
      $defs: { x: { $ref: '#/components/schemas/a~1b~0c' } },
    },
    want: {
      oneOf: [{ type: 'integer', minimum: 1, description: 'ID。' }],
      prefixItems: [{ const: 1 }],
      patternProperties: { '^e_': { const: 1 } },
      $defs: { x: { const: 1 } },
    },
  },
  {
    name: 'a property named $ref and data keywords are not references',
    given: {
      properties: { $ref: { type: 'string' } },
      examples: [{ $ref: '#/nowhere' }],
      default: { $ref: '#/nowhere' },
      enum: [{ $ref: '#/nowhere' }],
    },
    want: {
      properties: { $ref: { type: 'string' } },
      examples: [{ $ref: '#/nowhere' }],
      default: { $ref: '#/nowhere' },
      enum: [{ $ref: '#/nowhere' }],
    },
  },
]

describe('dereferenceSchema', () => {
  it.each(cases)('$name', ({ given, want }) => {
    expect(dereferenceSchema(given, doc, 'test')).toEqual(want)
  })

  it('leaves no $ref and does not modify its input', () => {
    const given = { $ref: '#/components/schemas/List' }
    const before = structuredClone(doc)
    const out = dereferenceSchema(given, doc, 'test')
    expect(JSON.stringify(out)).not.toContain('$ref')
    expect(doc).toEqual(before)
    expect(given).toEqual({ $ref: '#/components/schemas/List' })
  })

  it('fails loudly on a recursive schema, naming the cycle', () => {
    expect(() => dereferenceSchema({ $ref: '#/components/schemas/Loop' }, doc, 'op/requestBody')).toThrow(
      /recursive schema \(#\/components\/schemas\/Loop -> #\/components\/schemas\/Loop\)/,
    )
    expect(() => dereferenceSchema({ $ref: '#/components/schemas/PingA' }, doc, 'x')).toThrow(ContractError)
  })

  it('fails on a dangling or non-local reference', () => {
    expect(() => dereferenceSchema({ $ref: '#/components/schemas/Nope' }, doc, 'x')).toThrow(/does not resolve/)
    expect(() => dereferenceSchema({ $ref: './Other.yaml' }, doc, 'x')).toThrow(/only local references/)
  })

  it('with a cache, every use of one reference is the same object', () => {
    const cache = new Map<string, unknown>()
    const out = dereferenceSchema({ $ref: '#/components/schemas/Pair' }, doc, 'x', { cache }) as {
      properties: { a: unknown; b: unknown }
    }
    expect(out.properties.a).toBe(out.properties.b)
    expect(cache.get('#/components/schemas/Id')).toBe(out.properties.a)
    expect(cache.get('#/components/schemas/Pair')).toBe(out)
  })

  it('without a cache, uses are independent copies', () => {
    const out = dereferenceSchema({ $ref: '#/components/schemas/Pair' }, doc, 'x') as {
      properties: { a: unknown; b: unknown }
    }
    expect(out.properties.a).toEqual(out.properties.b)
    expect(out.properties.a).not.toBe(out.properties.b)
  })
})
