/**
 * Durations of the testing entry's clock: milliseconds (as fake timers take them) or text such
 * as `'90s'`, `'15m'`, `'1h30m'`, `'2d'`. The emulator's clock counts whole seconds, so a
 * duration that is not a whole number of seconds is refused rather than rounded (a rounded
 * advance would silently drift a test's expected times).
 */
export type Duration = number | string

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 }
const DURATION = /^(?:\d+[dhms])+$/

/** Whole seconds of a duration; throws a RangeError naming the accepted forms. */
export function durationSeconds(d: Duration): number {
  if (typeof d === 'number') {
    if (!Number.isSafeInteger(d) || d < 0 || d % 1000 !== 0)
      throw new RangeError(
        `clock.advance: ${d} ms is not a whole, non-negative number of seconds (the emulator's clock counts seconds; give e.g. 90_000 or '90s')`,
      )
    return d / 1000
  }
  const text = d.replace(/\s+/g, '')
  if (!DURATION.test(text))
    throw new RangeError(`clock.advance: "${d}" is not a duration; write e.g. '90s', '15m', '1h30m' or '2d'`)
  let seconds = 0
  for (const m of text.matchAll(/(\d+)([dhms])/g)) seconds += Number(m[1]) * UNIT_SECONDS[m[2]!]!
  return seconds
}

/** Unix seconds of an instant: an ISO 8601 text with a zone, a Date, or milliseconds since the epoch. */
export function instantSeconds(at: string | Date | number, what: string): number {
  let ms: number
  if (at instanceof Date) ms = at.getTime()
  else if (typeof at === 'number') ms = at
  else {
    // A text without a zone would be read in the machine's zone: a test would pass on one CI and fail on another.
    if (!/(?:Z|[+-]\d{2}:?\d{2})$/i.test(at.trim()))
      throw new RangeError(`${what}: "${at}" needs a time zone (e.g. 2026-04-01T09:00:00+09:00 or ...Z)`)
    ms = Date.parse(at)
  }
  if (!Number.isFinite(ms)) throw new RangeError(`${what}: ${String(at)} is not a valid time`)
  return Math.floor(ms / 1000)
}
