import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { civilFromDays, daysFromCivil, formatDay, formatJstDateTime, parseDay } from '../../../src/lib/day-number.js'

/** The former parseDay (regular expression and Date.UTC), kept as the reference. */
function referenceParseDay(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return null
  const y = Number(m[1]),
    mo = Number(m[2]),
    d = Number(m[3])
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null
  const t = Date.UTC(y, mo - 1, d)
  const back = new Date(t)
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null
  return Math.round(t / 86_400_000)
}

describe('parseDay', () => {
  it('reads real calendar dates as Date.UTC does and refuses everything else', () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'))
    const text = fc.oneof(
      fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
          two,
          two,
        )
        .map(([y, m, d]) => `${y}-${m}-${d}`),
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '2024-02-29',
        '2023-02-29',
        '1900-02-29',
        '2000-02-29',
        '0099-12-31',
        '0100-01-01',
        '2024-1-01',
        '２０２４-01-01',
        '2024-01-01\n',
        ' 2024-01-01',
      ),
    )
    fc.assert(
      fc.property(text, (s) => {
        expect(parseDay(s)).toBe(referenceParseDay(s))
      }),
      { numRuns: 5000 },
    )
  })
  it('round-trips with formatDay', () => {
    fc.assert(
      fc.property(fc.integer({ min: -647_000, max: 2_932_896 }), (day) => {
        expect(parseDay(formatDay(day))).toBe(day)
      }),
    )
  })
})

/** The former formatJstDateTime (one Date and toISOString per call), kept as the reference. */
const referenceJst = (unix: number): string =>
  new Date((unix + 9 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ')

describe('formatJstDateTime', () => {
  it('writes what the Date-based formula writes, for whole and fractional seconds of any year Date supports', () => {
    const unix = fc.oneof(
      fc.integer({ min: -62_167_219_200 - 86_400 * 400, max: 253_402_300_799 + 86_400 * 400 }),
      fc.double({ min: -1e11, max: 1e11, noNaN: true }),
      fc.constantFrom(
        0,
        -1,
        -32_400,
        -32_401,
        1_767_225_600,
        253_402_300_799 - 32_400,
        253_402_300_800 - 32_400,
        -62_167_219_200 - 32_400,
        -62_167_219_201 - 32_400,
      ),
    )
    fc.assert(
      fc.property(unix, (u) => {
        expect(formatJstDateTime(u)).toBe(referenceJst(u))
      }),
      { numRuns: 20_000 },
    )
  })
})

describe('civilFromDays (the one days-to-date algorithm of conditions and exports)', () => {
  it('gives the date Date gives, and daysFromCivil inverts it', () => {
    const out = { y: 0, m: 0, d: 0 }
    fc.assert(
      fc.property(fc.integer({ min: -800_000, max: 3_000_000 }), (day) => {
        const dt = new Date(day * 86_400_000)
        const expected = { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() }
        expect(civilFromDays(day)).toEqual(expected)
        // a caller's object is filled and returned, not a new one
        expect(civilFromDays(day, out)).toBe(out)
        expect(out).toEqual(expected)
        expect(daysFromCivil(out.y, out.m, out.d)).toBe(day)
      }),
      { numRuns: 20_000 },
    )
  })
})
