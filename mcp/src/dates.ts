/**
 * The API gives some times as unix seconds (a delivery's start and end, the emulator's
 * clock) and member dates as JST strings. Answers put an ISO 8601 JST twin beside each
 * unix-second value, so an assistant reads one form: `2026-12-02T09:30:00+09:00`.
 */
export function jstOf(unixSeconds: unknown): string | null {
  if (typeof unixSeconds !== 'number' || !Number.isFinite(unixSeconds) || unixSeconds <= 0) return null
  const shifted = new Date(unixSeconds * 1000 + 9 * 3600_000)
  return `${shifted.toISOString().slice(0, 19)}+09:00`
}
