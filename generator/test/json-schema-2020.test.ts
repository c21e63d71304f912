import { describe, expect, it } from 'vitest'
import { cleanKeywords, toJsonSchema2020 } from '../src/json-schema-2020.js'
import { strictAjv } from './helpers/ajv.js'

interface Case {
  name: string
  given: unknown
  want: unknown
}

const cases: Case[] = [
  {
    name: 'drops OpenAPI example, keeps examples',
    given: { type: 'string', example: 'a', examples: ['a'] },
    want: { type: 'string', examples: ['a'] },
  },
  {
    name: 'drops x-* keywords, discriminator, xml and externalDocs at every depth',
    given: {
      type: 'object',
      'x-krs-note': 1,
      xml: { name: 'a' },
      externalDocs: { url: 'https://example.com' },
      properties: { a: { oneOf: [{ type: 'string', 'x-y': true }], discriminator: { propertyName: 'a' } } },
    },
    want: { type: 'object', properties: { a: { oneOf: [{ type: 'string' }] } } },
  },
  {
    name: 'keeps properties named example or x-thing, and data that contains them',
    given: {
      type: 'object',
      properties: { example: { type: 'boolean' }, 'x-thing': { type: 'string' } },
      examples: [{ example: true, 'x-thing': 'k' }],
      default: { example: false },
    },
    want: {
      type: 'object',
      properties: { example: { type: 'boolean' }, 'x-thing': { type: 'string' } },
      examples: [{ example: true, 'x-thing': 'k' }],
      default: { example: false },
    },
  },
  {
    name: 'keeps 3.1 nullability and 2020-12 keywords',
    given: { type: ['integer', 'null'], prefixItems: [true], unevaluatedProperties: false, const: null },
    want: { type: ['integer', 'null'], prefixItems: [true], unevaluatedProperties: false, const: null },
  },
]

describe('toJsonSchema2020', () => {
  it.each(cases)('$name', ({ given, want }) => {
    expect(toJsonSchema2020(given, 'test')).toEqual(want)
  })

  it("refuses OpenAPI 3.0's nullable and a leftover $ref", () => {
    expect(() => toJsonSchema2020({ properties: { a: { type: 'string', nullable: true } } }, 'op')).toThrow(
      /op\/properties\/a: 'nullable' is OpenAPI 3.0/,
    )
    expect(() => cleanKeywords({ $ref: '#/x' }, 'op')).toThrow(/\$ref left/)
  })

  it('produces schemas Ajv 2020 compiles in strict mode, which the raw OpenAPI schema fails', () => {
    const raw = {
      type: 'object',
      required: ['id'],
      additionalProperties: false,
      'x-krs-note': 'n',
      example: { id: 1 },
      properties: { id: { type: 'integer', minimum: 1, example: 1 }, at: { type: 'string', format: 'date-time' } },
    }
    const ajv = strictAjv()
    expect(() => ajv.compile(raw)).toThrow(/unknown keyword/)
    const validate = ajv.compile(toJsonSchema2020(raw, 'test') as object)
    expect(validate({ id: 1, at: '2025-01-02T03:04:05Z' })).toBe(true)
    expect(validate({ id: 0 })).toBe(false)
    expect(validate({})).toBe(false)
    expect(validate({ id: 1, extra: 1 })).toBe(false)
  })
})
