import { describe, expect, it } from 'vitest'
import type { ErrorObject } from '@krs-kit/contract/ajv'
import { givenValueSuffix, valueAt } from '../../src/kernel/request-error.js'

const error = (keyword: string, instancePath: string): ErrorObject => ({
  keyword,
  instancePath,
  schemaPath: '#/x',
  params: {},
})

describe('validation messages name the given value', () => {
  it('scalars as JSON (cut at 60 characters); objects and arrays only by kind', () => {
    expect(givenValueSuffix(error('enum', '/a/b'), { a: { b: 7 } })).toBe('; got 7')
    expect(givenValueSuffix(error('maxLength', '/s'), { s: 'x'.repeat(100) })).toBe(`; got "${'x'.repeat(56)}...`)
    expect(givenValueSuffix(error('const', '/v'), { v: [1, 2, 3] })).toBe('; got an array of 3 items')
    // a value nested far too deep for JSON.stringify is never serialised
    let deep: Record<string, unknown> = {}
    const root = deep
    for (let i = 0; i < 200_000; i++) {
      const next: Record<string, unknown> = {}
      deep.a = next
      deep = next
    }
    expect(givenValueSuffix(error('enum', '/v'), { v: root })).toBe('; got an object')
    // required / additionalProperties / type errors carry no value
    expect(givenValueSuffix(error('type', '/a'), { a: 'x' })).toBe('')
    expect(valueAt({ 'a/b': { '~': 1 } }, '/a~1b/~0')).toBe(1)
  })
})
