import { JST_OFFSET, dayParts, jstDay } from '../../../lib/day-number.js'
import type { DeliveryTime } from '../mail-state.js'

/** The 5-minute rule: a first occurrence this close (or past) moves to the next one. */
export const FIRST_RUN_MARGIN_SECONDS = 300

/** Day of week (0 Sunday … 6 Saturday) of a day number (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7
}

function isLastDayOfMonth(day: number): boolean {
  return dayParts(day + 1).d === 1
}

function runsOn(time: DeliveryTime, day: number): boolean {
  switch (time.type) {
    case 1:
      return true
    case 2:
      return weekdayOf(day) === time.dayOfWeek
    case 3:
      return time.day === 99 ? isLastDayOfMonth(day) : dayParts(day).d === time.day
  }
}

/**
 * The first occurrence strictly after `after` (unix seconds), on the JST calendar: daily,
 * weekly on `dayOfWeek`, monthly on `day` (99 = month end; a month without that day is
 * skipped). Null only if nothing falls in the next 400 days (cannot happen for valid input).
 */
export function nextOccurrence(time: DeliveryTime, after: number): number | null {
  const first = jstDay(after)
  const offset = time.hour * 3600 + time.min * 60 - JST_OFFSET
  for (let day = first; day < first + 400; day++) {
    if (!runsOn(time, day)) continue
    const t = day * 86400 + offset
    if (t > after) return t
  }
  return null
}

/** The first run of a program added (or enabled) at `now`: the 5-minute rule applies. */
export function firstRun(time: DeliveryTime, now: number): number | null {
  const t = nextOccurrence(time, now)
  if (t === null) return null
  return t - now <= FIRST_RUN_MARGIN_SECONDS ? nextOccurrence(time, t) : t
}
