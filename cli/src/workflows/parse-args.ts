import { UsageError } from '../exit-codes.js'

/** A positive integer ID given to a workflow flag or argument. */
export function idArgument(name: string, text: string | undefined): number {
  if (text === undefined) throw new UsageError(`${name} is required`)
  const n = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`${name} must be a positive integer (got "${text}")`)
  return n
}

/** `--interval` in seconds (decimals allowed) → ms; undefined keeps the documented 30 s. */
export function intervalMs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (text.trim() === '' || !Number.isFinite(n) || n < 0) throw new UsageError(`--interval must be a number of seconds >= 0 (got "${text}")`)
  return Math.round(n * 1000)
}

/** `--timeout` in seconds → ms. */
export function timeoutMs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`--timeout must be a number of seconds > 0 (got "${text}")`)
  return Math.round(n * 1000)
}

/** `--at`: unix seconds, an ISO 8601 time, or `now`. */
export function timeArgument(text: string | undefined, now: () => number = Date.now): number {
  if (text === undefined) throw new UsageError('--at is required (unix seconds, an ISO 8601 time, or now)')
  if (text === 'now') return Math.floor(now() / 1000)
  if (/^\d+$/.test(text)) return Number(text)
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const ms = Date.parse(text)
    if (Number.isFinite(ms)) return Math.floor(ms / 1000)
  }
  throw new UsageError(`--at must be unix seconds, an ISO 8601 time (2025-04-01T09:00:00+09:00) or now (got "${text}")`)
}
