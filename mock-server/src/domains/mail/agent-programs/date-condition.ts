import { NULL_DAY, dayFromParts, dayParts, jstDay } from '../../../lib/day-number.js'
import { IntColumn } from '../../member-db/member-columns.js'
import type { DeliveryCondition } from '../mail-state.js'
import type { MemberTableState } from '../../member-db/member-db-state.js'
import type { RowPredicate } from '../../member-db/conditions/index.js'

/** Add months to a day number, clamping to the end of a shorter month. */
export function addMonths(day: number, months: number): number {
  const { y, m, d } = dayParts(day)
  const idx = y * 12 + (m - 1) + months
  const ny = Math.floor(idx / 12),
    nm = (idx % 12) + 1
  const last = dayParts(dayFromParts(ny, nm + 1, 1) - 1).d
  return dayFromParts(ny, nm, Math.min(d, last))
}

/**
 * Shift a day by the condition's direction and offset: 0 same day, 1 days before, 2 days
 * after, 3 weeks before, 4 weeks after, 5 months before, 6 months after. `sign` −1 undoes it.
 */
export function shiftDay(day: number, direction: number, offset: number, sign: 1 | -1 = 1): number {
  switch (direction) {
    case 1:
      return day - sign * offset
    case 2:
      return day + sign * offset
    case 3:
      return day - sign * 7 * offset
    case 4:
      return day + sign * 7 * offset
    case 5:
      return addMonths(day, -sign * offset)
    case 6:
      return addMonths(day, sign * offset)
    default:
      return day
  }
}

const monthDay = (day: number): number => {
  const p = dayParts(day)
  return p.m * 100 + p.d
}
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

/**
 * The members a daily program's date condition selects on the JST day of `runAt`.
 * - pattern 1: the delivery day is the base date (the date element) shifted by direction
 *   and offset; with `enableYear` false only month and day count (every year), and a
 *   29 February date is served on 28 February in other years.
 * - pattern 2: the first delivery day is the base date shifted; then every `intervalDays`
 *   days, at most `maxNum` times (0 = unlimited).
 * A member with a blank date never matches.
 */
export function dateConditionPredicate(table: MemberTableState, cond: DeliveryCondition, runAt: number): RowPredicate {
  const col = table.members.columns.get(cond.elementId)
  if (!(col instanceof IntColumn)) return () => false
  const values = col.values
  const today = jstDay(runAt)
  if (cond.pattern === 1) {
    const base = shiftDay(today, cond.direction, cond.offset, -1)
    if (cond.enableYear) return (r) => values.get(r) === base
    const md = monthDay(base)
    const y = dayParts(base).y
    const alsoLeapDay = md === 228 && !isLeap(y)
    return (r) => {
      const v = values.get(r)
      if (v === NULL_DAY) return false
      const vmd = monthDay(v)
      return vmd === md || (alsoLeapDay && vmd === 229)
    }
  }
  const interval = Math.max(1, cond.intervalDays)
  return (r) => {
    const v = values.get(r)
    if (v === NULL_DAY) return false
    const start = shiftDay(v, cond.direction, cond.offset, 1)
    const diff = today - start
    if (diff < 0 || diff % interval !== 0) return false
    return cond.maxNum === 0 || diff / interval < cond.maxNum
  }
}
