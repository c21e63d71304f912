import { describe, expect, it } from 'vitest'
import { dateConditionPredicate } from '../../../src/domains/mail/agent-programs/date-condition.js'
import { firstRun, nextOccurrence } from '../../../src/domains/mail/agent-programs/occurrences.js'
import { parseDay } from '../../../src/lib/day-number.js'
import { T0, makeTenant } from './support.js'

/** Unit tests of the JST date arithmetic behind agent programs (the rules through the doors are in agent-programs.test.ts). */

/** Unix time of a JST wall-clock time. */
const jst = (s: string): number => Date.parse(`${s}+09:00`) / 1000

describe('occurrences (JST calendar)', () => {
  it('finds daily, weekly and monthly times; month end is 99; missing days are skipped', () => {
    expect(T0).toBe(jst('2026-01-15T12:00:00'))
    expect(nextOccurrence({ type: 1, hour: 12, min: 30, dayOfWeek: null, day: null }, T0)).toBe(
      jst('2026-01-15T12:30:00'),
    )
    expect(nextOccurrence({ type: 1, hour: 9, min: 0, dayOfWeek: null, day: null }, T0)).toBe(
      jst('2026-01-16T09:00:00'),
    )
    expect(nextOccurrence({ type: 2, hour: 10, min: 0, dayOfWeek: 1, day: null }, T0)).toBe(jst('2026-01-19T10:00:00')) // Monday
    expect(nextOccurrence({ type: 3, hour: 18, min: 30, dayOfWeek: null, day: 99 }, T0)).toBe(
      jst('2026-01-31T18:30:00'),
    )
    expect(nextOccurrence({ type: 3, hour: 18, min: 30, dayOfWeek: null, day: 99 }, jst('2026-01-31T18:30:00'))).toBe(
      jst('2026-02-28T18:30:00'),
    )
    expect(nextOccurrence({ type: 3, hour: 0, min: 0, dayOfWeek: null, day: 31 }, jst('2026-01-31T00:00:00'))).toBe(
      jst('2026-03-31T00:00:00'),
    )
  })

  it('moves a first run within 5 minutes (or past) to the next occurrence', () => {
    const t = { type: 1 as const, hour: 12, min: 5, dayOfWeek: null, day: null }
    expect(firstRun(t, T0)).toBe(jst('2026-01-16T12:05:00'))
    expect(firstRun({ ...t, min: 10 }, T0)).toBe(jst('2026-01-15T12:10:00'))
  })
})

describe('date conditions', () => {
  it('pattern 2 repeats every interval_days from the shifted date, at most max_num times', () => {
    const tenant = makeTenant()
    const table = tenant.memberDb.tables.get(1)!
    table.members.columns.get(4)!.set(table.members.rowOf(10), parseDay('2026-01-10'))
    const cond = {
      pattern: 2 as const,
      elementId: 4,
      offset: 2,
      direction: 2,
      enableYear: true,
      intervalDays: 7,
      maxNum: 2,
    }
    const row = table.members.rowOf(10)
    const hits = ['2026-01-11', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02'].filter((d) =>
      dateConditionPredicate(table, cond, jst(`${d}T09:00:00`))(row),
    )
    expect(hits).toEqual(['2026-01-12', '2026-01-19'])
  })

  it('serves 29 February birthdays on 28 February in other years when the year is ignored', () => {
    const tenant = makeTenant()
    const table = tenant.memberDb.tables.get(1)!
    const row = table.members.rowOf(10)
    table.members.columns.get(4)!.set(row, parseDay('2000-02-29'))
    const cond = {
      pattern: 1 as const,
      elementId: 4,
      offset: 0,
      direction: 0,
      enableYear: false,
      intervalDays: 1,
      maxNum: 0,
    }
    expect(dateConditionPredicate(table, cond, jst('2026-02-28T09:00:00'))(row)).toBe(true)
    expect(dateConditionPredicate(table, cond, jst('2028-02-28T09:00:00'))(row)).toBe(false)
    expect(dateConditionPredicate(table, cond, jst('2028-02-29T09:00:00'))(row)).toBe(true)
  })
})
