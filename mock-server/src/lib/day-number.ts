/** Calendar dates as day numbers (days since 1970-01-01), and JST date-times. */
export const NULL_DAY = -2147483648
const DAY_MS = 86_400_000
/** Japan Standard Time offset, seconds. The service is Japanese; dates are read in JST. */
export const JST_OFFSET = 9 * 3600

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** Days since 1970-01-01 of a proleptic Gregorian date (civil-to-days, integer arithmetic). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y
  const era = Math.floor(yy / 400)
  const yoe = yy - era * 400
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

/** A calendar date: year, month (1-12), day (1-31). */
export interface CivilDate {
  y: number
  m: number
  d: number
}

/**
 * The proleptic Gregorian date of a day number (days-to-civil, integer arithmetic, no Date):
 * conditions and the batch text writer run it for every member row. Algorithm: H. Hinnant,
 * "chrono-Compatible Low-Level Date Algorithms". A hot loop passes its own `out` to write
 * into instead of allocating one per call.
 */
export function civilFromDays(day: number, out: CivilDate = { y: 0, m: 0, d: 0 }): CivilDate {
  const z = day + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  out.d = doy - Math.floor((153 * mp + 2) / 5) + 1
  out.m = mp < 10 ? mp + 3 : mp - 9
  out.y = yoe + era * 400 + (out.m <= 2 ? 1 : 0)
  return out
}

/** The value of `n` ASCII digits of `s` from `at`, or -1 when one is not a digit. */
function digitsAt(s: string, at: number, n: number): number {
  let v = 0
  for (let i = at; i < at + n; i++) {
    const c = s.charCodeAt(i) - 48
    if (c < 0 || c > 9) return -1
    v = v * 10 + c
  }
  return v
}

/** Day numbers of 0000-01-01 and 10000-01-01: four-digit years. */
const FIRST_DAY = -719528
const END_DAY = 2932897
/** 'YYYY-MM-DD' of recent day numbers of four-digit years (member dates repeat a lot); cleared when full. */
const dayTexts = new Map<number, string>()

/**
 * 'YYYY-MM-DD' → day number, or null when not a real calendar date. Years before 100 are
 * refused (as `Date.UTC` would read them as 19xx).
 */
export function parseDay(s: string): number | null {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return null
  const y = digitsAt(s, 0, 4),
    mo = digitsAt(s, 5, 2),
    d = digitsAt(s, 8, 2)
  if (y < 100 || mo < 1 || mo > 12 || d < 1) return null
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
  if (d > DAYS_IN_MONTH[mo - 1]! + (leap ? 1 : 0)) return null
  return daysFromCivil(y, mo, d)
}

export function formatDay(day: number): string {
  if (day >= FIRST_DAY && day < END_DAY) {
    let text = dayTexts.get(day)
    if (text === undefined) {
      if (dayTexts.size >= 4096) dayTexts.clear()
      text = new Date(day * DAY_MS).toISOString().slice(0, 10)
      dayTexts.set(day, text)
    }
    return text
  }
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** Year, month (1-12) and day of a day number. */
export function dayParts(day: number): { y: number; m: number; d: number } {
  const dt = new Date(day * DAY_MS)
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() }
}

export function dayFromParts(y: number, m: number, d: number): number {
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS)
}

/** The JST calendar day of a unix time (seconds). */
export function jstDay(unix: number): number {
  return Math.floor((unix + JST_OFFSET) / 86400)
}

/** 'YYYY-MM-DD ' of recent day numbers (member dates repeat a lot); cleared when full. */
const dayPrefixes = new Map<number, string>()
const twoDigits = (n: number): string => (n < 10 ? `0${n}` : `${n}`)

/** Unix seconds → 'YYYY-MM-DD HH:MM:SS' in JST. */
export function formatJstDateTime(unix: number): string {
  const t = unix + JST_OFFSET
  const day = Math.floor(t / 86400)
  // Whole seconds of four-digit years (all of them in practice): no Date per call.
  if (Number.isInteger(t) && day >= FIRST_DAY && day < END_DAY) {
    let prefix = dayPrefixes.get(day)
    if (prefix === undefined) {
      if (dayPrefixes.size >= 4096) dayPrefixes.clear()
      prefix = `${new Date(day * DAY_MS).toISOString().slice(0, 10)} `
      dayPrefixes.set(day, prefix)
    }
    const sec = t - day * 86400
    const h = Math.floor(sec / 3600)
    const m = Math.floor((sec % 3600) / 60)
    return `${prefix}${twoDigits(h)}:${twoDigits(m)}:${twoDigits(sec % 60)}`
  }
  return new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ')
}

const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/

/** 'YYYY-MM-DD HH:MM:SS' (JST) → unix seconds, or null. */
export function parseJstDateTime(s: string): number | null {
  const m = DATETIME_RE.exec(s)
  if (!m) return null
  const day = parseDay(`${m[1]}-${m[2]}-${m[3]}`)
  const h = Number(m[4]),
    mi = Number(m[5]),
    se = Number(m[6])
  if (day === null || h > 23 || mi > 59 || se > 59) return null
  return day * 86400 + h * 3600 + mi * 60 + se - JST_OFFSET
}
