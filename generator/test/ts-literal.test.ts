import { describe, expect, it } from 'vitest'
import { tsKey, tsLiteral, tsString, tsStringUnionAlias } from '../src/ts-literal.js'

describe('tsString', () => {
  it.each([
    { given: 'abc', want: "'abc'" },
    { given: "it's", want: "'it\\'s'" },
    { given: 'a\\b', want: "'a\\\\b'" },
    { given: '一行目\n二行目\t', want: "'一行目\\n二行目\\t'" },
    { given: '\u0000\u2028', want: "'\\u0000\\u2028'" },
  ])('$given', ({ given, want }) => {
    expect(tsString(given)).toBe(want)
    // The printed literal evaluates back to the same string.
    expect(new Function(`return ${want}`)()).toBe(given)
  })
})

describe('tsKey', () => {
  it.each([
    { given: 'name', want: 'name' },
    { given: '$ref', want: '$ref' },
    { given: 'e_4', want: 'e_4' },
    { given: '^e_[0-9]+$', want: "'^e_[0-9]+$'" },
    { given: 'application/json', want: "'application/json'" },
    { given: '4xx', want: "'4xx'" },
    { given: '__proto__', want: "['__proto__']" },
  ])('$given', ({ given, want }) => {
    expect(tsKey(given)).toBe(want)
  })
})

describe('tsLiteral', () => {
  it.each([
    { name: 'primitives', given: [null, true, 0, -1.5, 'x'], want: "[null, true, 0, -1.5, 'x']" },
    { name: 'empty containers', given: { a: {}, b: [] }, want: '{ a: {}, b: [] }' },
    {
      name: 'short object on one line',
      given: { type: 'string', minLength: 1 },
      want: "{ type: 'string', minLength: 1 }",
    },
    {
      name: 'long object one key per line, nested short values inline, trailing commas',
      given: { description: 'x'.repeat(90), properties: { id: { type: 'integer' } } },
      want: `{\n  description: '${'x'.repeat(90)}',\n  properties: { id: { type: 'integer' } },\n}`,
    },
  ])('$name', ({ given, want }) => {
    expect(tsLiteral(given)).toBe(want)
  })

  it('respects indentation and the width already used on the line', () => {
    const value = { a: 'y'.repeat(40), b: 'z'.repeat(40) }
    expect(tsLiteral(value, 0, 0).includes('\n')).toBe(false)
    expect(tsLiteral(value, 0, 30)).toBe(`{\n  a: '${'y'.repeat(40)}',\n  b: '${'z'.repeat(40)}',\n}`)
    expect(tsLiteral(value, 4, 30)).toBe(`{\n      a: '${'y'.repeat(40)}',\n      b: '${'z'.repeat(40)}',\n    }`)
  })

  it('evaluates back to an equal value, also for awkward keys', () => {
    const value = { __proto__: { a: 1 }, "it's": ['\n'], nested: { deep: [{ x: 'y'.repeat(120) }] } }
    const parsed = JSON.parse('{"__proto__": {"a": 1}, "it\'s": ["\\n"]}') as object
    const full = { ...parsed, nested: value.nested }
    const printed = tsLiteral(full)
    const back = new Function(`return ${printed}`)() as object
    expect(Object.keys(back)).toEqual(['__proto__', "it's", 'nested'])
    expect(JSON.stringify(back)).toBe(JSON.stringify(full))
  })

  it('prints a named constant instead of a shared nested object, never for the root', () => {
    const shared = { type: 'integer' }
    const root = { a: shared, b: [shared], c: { type: 'integer' } }
    const replace = (v: object) => (v === shared ? 'idSchema' : v === root ? 'rootSchema' : undefined)
    expect(tsLiteral(root, 0, 0, replace)).toBe("{ a: idSchema, b: [idSchema], c: { type: 'integer' } }")
  })

  it('rejects values JSON cannot hold', () => {
    expect(() => tsLiteral({ a: Number.NaN })).toThrow(/NaN/)
    expect(() => tsLiteral({ a: undefined })).toThrow(/undefined/)
  })
})

describe('tsStringUnionAlias', () => {
  it.each([
    { name: 'empty', given: [] as string[], want: 'export type T = never' },
    { name: 'short, one line', given: ['a', 'b'], want: "export type T = 'a' | 'b'" },
    {
      name: 'long, one member per line',
      given: ['a'.repeat(50), 'b'.repeat(50)],
      want: `export type T =\n  | '${'a'.repeat(50)}'\n  | '${'b'.repeat(50)}'`,
    },
  ])('$name', ({ given, want }) => {
    expect(tsStringUnionAlias('T', given)).toBe(want)
  })
})
