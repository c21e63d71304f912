import { msg } from '../../../kernel/messages.js'
import { jstDay, JST_OFFSET, parseDay, parseJstDateTime } from '../../../lib/day-number.js'
import { civilFromDays } from '../../../lib/day-number.js'
import {
  K,
  intRange,
  invalid,
  kindNotAllowed,
  needIntArray,
  type ClauseInput,
  type RowPredicate,
} from './clause-context.js'

/** How a date-like key is read: its JST day (NaN = blank), and for timestamps the unix time. */
export interface DateReader {
  day: (row: number) => number
  /** Unix seconds (NaN = blank); only for timestamp keys. */
  seconds?: (row: number) => number
  /** The key is upload_date (kind 19 applies). */
  upload?: boolean
  /** For date elements: the day-number column itself (fast path of day ranges). */
  days?: { values: { get(row: number): number } }
}

function bound(c: ClauseInput, field: string, end: boolean, timestamp: boolean): number | null {
  const v = c.extra[field]
  if (v === undefined || v === null || v === '') return null
  if (typeof v !== 'string') invalid(c, msg('clause_field_date_string', { field }))
  const day = parseDay(v)
  if (day !== null) return timestamp ? (end ? day * 86400 + 86399 : day * 86400) - JST_OFFSET : day
  const sec = parseJstDateTime(v)
  if (sec === null) invalid(c, msg('clause_field_date_format', { field }))
  return timestamp ? sec : jstDay(sec)
}

/**
 * Date and timestamp keys. 2 within `[start_date, end_date]` (either open), 6 outside it,
 * 26 within calc_start_value..calc_end_value months of the run date (month granularity;
 * calc_ignore_year compares the month of the year, e.g. birthdays this month), 29 within
 * calc_day_start_value..calc_day_end_value days of the run date (calc_ignore_year compares
 * month and day), 19 upload time equal to one of `values` (upload_date), 10 / 20 blank.
 * The run date is the JST day of the engine clock.
 */
export function compileDateClause(c: ClauseInput, rd: DateReader): RowPredicate {
  const day = rd.day
  const blank = (r: number) => Number.isNaN(day(r))
  const ignoreYear = c.extra.calc_ignore_year === true || c.extra.calc_ignore_year === 1
  const today = jstDay(c.now)
  switch (c.kind) {
    case K.EMPTY:
      return blank
    case K.NOT_EMPTY:
      return (r) => !blank(r)
    case K.EQUAL:
    case K.NOT_EQUAL: {
      let p: RowPredicate
      if ('value' in c.extra) {
        const d = bound(c, 'value', false, false)
        if (d === null) invalid(c, msg('clause_value_date'))
        p = (r) => day(r) === d
      } else if (rd.seconds) {
        const sec = rd.seconds
        const lo = bound(c, 'start_date', false, true) ?? -Infinity
        const hi = bound(c, 'end_date', true, true) ?? Infinity
        p = (r) => {
          const s = sec(r)
          return s >= lo && s <= hi
        }
      } else {
        const lo = bound(c, 'start_date', false, false) ?? -2147483647
        const hi = bound(c, 'end_date', true, false) ?? 2147483647
        const col = rd.days
        // NULL_DAY is below every bound, so blanks never match
        p = col
          ? (r) => {
              const d = col.values.get(r)
              return d >= lo && d <= hi
            }
          : (r) => {
              const d = day(r)
              return d >= lo && d <= hi
            }
      }
      return c.kind === K.EQUAL ? p : (r) => !blank(r) && !p(r)
    }
    case K.WITHIN_MONTHS: {
      const [a, b] = intRange(c, 'calc_start_value', 'calc_end_value', 12)
      const t = civilFromDays(today)
      if (ignoreYear) {
        const months = new Uint8Array(13)
        for (let k = a; k <= b; k++) months[((((t.m - 1 + k) % 12) + 12) % 12) + 1] = 1
        return (r) => {
          const d = day(r)
          return !Number.isNaN(d) && months[civilFromDays(d).m] === 1
        }
      }
      const base = t.y * 12 + t.m - 1
      return (r) => {
        const d = day(r)
        if (Number.isNaN(d)) return false
        const x = civilFromDays(d)
        const mi = x.y * 12 + x.m - 1 - base
        return mi >= a && mi <= b
      }
    }
    case K.WITHIN_DAYS: {
      const [a, b] = intRange(c, 'calc_day_start_value', 'calc_day_end_value', 30)
      if (ignoreYear) {
        const md = new Uint8Array(13 * 32)
        for (let k = a; k <= b; k++) {
          const x = civilFromDays(today + k)
          md[x.m * 32 + x.d] = 1
        }
        return (r) => {
          const d = day(r)
          if (Number.isNaN(d)) return false
          const x = civilFromDays(d)
          return md[x.m * 32 + x.d] === 1
        }
      }
      const lo = today + a,
        hi = today + b
      return (r) => {
        const d = day(r)
        return d >= lo && d <= hi
      }
    }
    case K.EQUAL_UPLOAD_TIME: {
      if (!rd.upload || !rd.seconds) kindNotAllowed(c, msg('family_not_upload_date', { key: 'upload_date' }))
      const set = new Set(needIntArray(c, 'values'))
      const sec = rd.seconds
      return (r) => set.has(sec(r))
    }
    default:
      kindNotAllowed(c, msg('family_date'))
  }
}
