/**
 * Durations, read the same way by the testing entry's clock and by `krs` (`krs mock clock
 * advance`, `--timeout`, `--interval`, `--delay`; the CLI compiles this file into its bundle
 * through `@krs-kit/mock-server/options`). A text duration is one or more `<number><unit>`
 * (`90s`, `15m`, `1h30m`, `1.5h`, `2d`, `1w`, `500ms`) or a plain number of seconds (`30`);
 * a number given in code is milliseconds, as fake timers take them. Nothing is rounded: a
 * duration finer than what takes it (the emulator's clock counts whole seconds, a timeout whole
 * milliseconds) is refused, since a rounded advance would silently drift a test's expected
 * times. No imports: plain code that the CLI can compile in.
 */
export type Duration = number | string

export type DurationLang = 'ja' | 'en'

/** Why a duration is refused: not a duration, or finer than what takes it. */
export type DurationProblem = 'not-a-duration' | 'not-whole-seconds' | 'not-whole-milliseconds'

/** A refused duration; `message` is English, `messageIn(lang)` the same in another language. */
export class DurationError extends RangeError {
  override readonly name = 'DurationError'
  constructor(
    /** What took the duration, named in the message (`clock.advance`, `--timeout`). */
    readonly what: string,
    /** The duration as given. */
    readonly given: Duration,
    readonly problem: DurationProblem,
  ) {
    super(durationMessage(what, given, problem, 'en'))
  }

  messageIn(lang: DurationLang): string {
    return durationMessage(this.what, this.given, this.problem, lang)
  }
}

/** The one wording of each refusal, for the testing entry and the CLI alike. */
export function durationMessage(what: string, given: Duration, problem: DurationProblem, lang: DurationLang): string {
  const shown = typeof given === 'number' ? `${given} ms` : `"${given}"`
  const examples = "'90s', '15m', '1h30m', '2d'"
  if (problem === 'not-a-duration')
    return lang === 'ja'
      ? `${what}: ${shown} は期間ではありません。${examples} のように書いてください（単位 ms s m h d w、単位なしは秒）`
      : `${what}: ${shown} is not a duration; write e.g. ${examples} (units ms s m h d w; a plain number is seconds)`
  if (problem === 'not-whole-seconds')
    return lang === 'ja'
      ? `${what}: ${shown} は 0 以上の整数秒ではありません（エミュレーターの時計は秒単位です。例：${examples}、コードでは 90_000 ミリ秒）`
      : `${what}: ${shown} is not a whole, non-negative number of seconds (the emulator's clock counts seconds; write e.g. ${examples}, or 90_000 ms in code)`
  return lang === 'ja'
    ? `${what}: ${shown} は整数ミリ秒ではありません（例：500ms、1.5s）`
    : `${what}: ${shown} is not a whole number of milliseconds (write e.g. 500ms or 1.5s)`
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }

/** Exact product of a decimal text and a whole number of ms (no binary rounding: `1.1s` is 1100). */
function times(decimal: string, unitMs: number): number {
  const [whole = '0', fraction = ''] = decimal.split('.')
  const scale = 10 ** fraction.length
  return ((Number(whole) * scale + Number(fraction || '0')) * unitMs) / scale
}

/** Milliseconds of a duration; fractions of a millisecond are refused. */
export function durationMs(what: string, given: Duration): number {
  let ms: number
  if (typeof given === 'number') ms = given
  else {
    const text = given.replace(/\s+/g, '')
    if (/^\d+(?:\.\d+)?$/.test(text)) ms = times(text, 1000)
    else {
      if (!/^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d|w))+$/.test(text)) throw new DurationError(what, given, 'not-a-duration')
      ms = 0
      for (const m of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g)) ms += times(m[1]!, UNIT_MS[m[2]!]!)
    }
  }
  if (!Number.isFinite(ms) || ms < 0) throw new DurationError(what, given, 'not-a-duration')
  // a fraction that decimal text cannot avoid (1/3 of a scale) is still exact to a millionth
  const rounded = Math.round(ms)
  if (Math.abs(ms - rounded) > 1e-6 || !Number.isSafeInteger(rounded))
    throw new DurationError(what, given, 'not-whole-milliseconds')
  return rounded
}

/** Whole seconds of a duration for the emulator's clock; anything finer is refused, not rounded. */
export function durationSeconds(d: Duration, what = 'clock.advance'): number {
  let ms: number
  try {
    ms = durationMs(what, d)
  } catch (e) {
    if (e instanceof DurationError && e.problem === 'not-whole-milliseconds')
      throw new DurationError(what, d, 'not-whole-seconds')
    throw e
  }
  if (ms % 1000 !== 0) throw new DurationError(what, d, 'not-whole-seconds')
  return ms / 1000
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
