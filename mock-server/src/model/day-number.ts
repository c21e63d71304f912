/** Calendar dates as day numbers (days since 1970-01-01), and JST date-times. */
export const NULL_DAY = -2147483648
const DAY_MS = 86_400_000
/** Japan Standard Time offset, seconds. The service is Japanese; dates are read in JST. */
export const JST_OFFSET = 9 * 3600

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** 'YYYY-MM-DD' → day number, or null when not a real calendar date. */
export function parseDay(s: string): number | null {
  const m = DATE_RE.exec(s)
  if (!m) return null
  const y = Number(m[1]), mo = Number(m[2]), d = Number(m[3])
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null
  const t = Date.UTC(y, mo - 1, d)
  const back = new Date(t)
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null
  return Math.round(t / DAY_MS)
}

export function formatDay(day: number): string {
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

/** Unix seconds → 'YYYY-MM-DD HH:MM:SS' in JST. */
export function formatJstDateTime(unix: number): string {
  return new Date((unix + JST_OFFSET) * 1000).toISOString().slice(0, 19).replace('T', ' ')
}

const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/

/** 'YYYY-MM-DD HH:MM:SS' (JST) → unix seconds, or null. */
export function parseJstDateTime(s: string): number | null {
  const m = DATETIME_RE.exec(s)
  if (!m) return null
  const day = parseDay(`${m[1]}-${m[2]}-${m[3]}`)
  const h = Number(m[4]), mi = Number(m[5]), se = Number(m[6])
  if (day === null || h > 23 || mi > 59 || se > 59) return null
  return day * 86400 + h * 3600 + mi * 60 + se - JST_OFFSET
}
