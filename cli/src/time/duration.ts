import { DurationError, durationMs, durationSeconds } from '@krs-kit/mock-server/options'
import { UsageError } from '../exit-codes.js'
import { lang, t } from '../i18n/lang.js'

/** The shared parser's refusal as a usage error (exit 2), in the CLI's language. */
function asUsage<T>(read: () => T): T {
  try {
    return read()
  } catch (e) {
    if (e instanceof DurationError) throw new UsageError(e.messageIn(lang()))
    throw e
  }
}

/**
 * A duration in ms from human text: `90s`, `10m`, `1h30m`, `2d`, `500ms`, `1.5h`, or a plain
 * number of seconds (`30`, `0.25`). The testing entry's parser: a fraction of a millisecond
 * is refused, not rounded. `name` is the flag or argument named in the error.
 */
export function parseDuration(name: string, text: string): number {
  return asUsage(() => durationMs(name, text))
}

/**
 * Whole seconds for the emulator's clock (`krs mock clock advance 90s`): read as
 * `krs.clock.advance()` reads it, so `1.5s` or `500ms` is refused with the same message.
 */
export function parseClockSeconds(name: string, text: string): number {
  return asUsage(() => durationSeconds(text, name))
}

/** A duration for messages: `2s`, `1m30s`, `250ms`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`
  let rest = Math.round(ms / 1000)
  const parts: string[] = []
  for (const [u, n] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (rest >= n) {
      parts.push(`${Math.floor(rest / n)}${u}`)
      rest %= n
    }
  }
  if (rest > 0 || parts.length === 0) parts.push(`${rest}s`)
  return parts.join('')
}

/** What a time argument says: an absolute unix time, or an offset from the server's `now`. */
export type TimeSpec = { at: number } | { fromNow: number }

/**
 * A time: ISO 8601 (`2025-04-01T09:00:00+09:00`, `2025-04-01`), unix seconds, `now`, or
 * `+10m` (a duration from now). `now` and `+...` are resolved against the server's clock.
 */
export function parseTime(name: string, text: string): TimeSpec {
  const s = text.trim()
  if (s === 'now') return { fromNow: 0 }
  if (s.startsWith('+')) {
    try {
      return { fromNow: parseClockSeconds(name, s.slice(1)) }
    } catch {
      throw new UsageError(t('err.badTime', { name, value: text }))
    }
  }
  if (/^\d+$/.test(s)) return { at: Number(s) }
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s)) {
    const ms = Date.parse(s)
    if (Number.isFinite(ms)) return { at: Math.floor(ms / 1000) }
  }
  throw new UsageError(t('err.badTime', { name, value: text }))
}

/** Unix seconds for a time, with `now` from the clock that matters (the server's). */
export async function resolveTime(spec: TimeSpec, now: () => Promise<number>): Promise<number> {
  return 'at' in spec ? spec.at : (await now()) + spec.fromNow
}
