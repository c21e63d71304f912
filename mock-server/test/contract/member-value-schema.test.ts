import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { createAjv } from '@krs-kit/contract/ajv'

// The contract's MemberValue is a union of types (`type: [...]` + `items`) instead of a oneOf of
// five single-type branches, because Ajv checks it ~10x faster. It must accept exactly the same
// values as the oneOf it replaced.

const current = parseYaml(
  readFileSync(fileURLToPath(new URL('../../../spec/components/schemas/MemberValue.yaml', import.meta.url)), 'utf8'),
) as object
const previous = {
  oneOf: [
    { type: 'string' },
    { type: 'integer' },
    { type: 'boolean' },
    { type: 'array', items: { type: 'integer', minimum: 0 } },
    { type: 'null' },
  ],
}

/** A small seeded generator of JSON values of every shape, edge cases included. */
function* values(seed: number, n: number): Generator<unknown> {
  let s = seed >>> 0
  const rnd = (): number => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0
    return s / 2 ** 32
  }
  const scalar = (): unknown => {
    switch (Math.floor(rnd() * 9)) {
      case 0:
        return Math.floor(rnd() * 200) - 100
      case 1:
        return rnd() * 10 - 5
      case 2:
        return Math.floor(rnd() * 3) + 0.5
      case 3:
        return rnd() < 0.5
      case 4:
        return null
      case 5:
        return ['', 'a', '2026-01-01', '1', '[1]'][Math.floor(rnd() * 5)]
      case 6:
        return 2 ** 53
      case 7:
        return -0
      default:
        return 0
    }
  }
  const value = (depth: number): unknown => {
    const k = rnd()
    if (depth > 2 || k < 0.55) return scalar()
    if (k < 0.85) return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1))
    return Object.fromEntries(Array.from({ length: Math.floor(rnd() * 3) }, (_, i) => [`k${i}`, value(depth + 1)]))
  }
  for (let i = 0; i < n; i++) yield value(0)
}

describe('MemberValue schema', () => {
  it('accepts exactly what the oneOf form accepted', () => {
    const ajv = createAjv()
    const a = ajv.compile(current)
    const b = ajv.compile(previous)
    const fixed: unknown[] = [
      'x',
      0,
      -3,
      1.5,
      true,
      false,
      null,
      [],
      [0, 6],
      [-1],
      [1.5],
      ['1'],
      [null],
      [[1]],
      {},
      { a: 1 },
    ]
    let accepted = 0
    for (const v of [...fixed, ...values(7, 5000)]) {
      expect(a(v), JSON.stringify(v)).toBe(b(v))
      if (a(v)) accepted++
    }
    expect(accepted).toBeGreaterThan(1000) // both sides of the boundary are exercised
  })
})
