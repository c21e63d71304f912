import { expect, it } from 'vitest'
import { requestIdText } from '../../src/kernel/request-id.js'

it('request ids: req_ and the counter, six digits at least, across every length', () => {
  const expected = (n: number) => `req_${String(n).padStart(6, '0')}`
  const counters = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 12_345, 99_999, 100_000, 123_456, 999_999]
  counters.push(1_000_000, 1_000_001, 1_234_567, 9_999_999, 10_000_000, 10_203_040, 2 ** 31, 98_765_432_101)
  for (const n of counters) expect(requestIdText(n), String(n)).toBe(expected(n))
  for (let n = 999_900; n < 1_000_100; n++) expect(requestIdText(n)).toBe(expected(n))
})
