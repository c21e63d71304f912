import { abortableSleep, createCallScope } from './call-scope.js'
import { KrsSdkError, KrsTimeoutError, KrsWaitStalledError } from './errors.js'
import type { OperationName } from '@krs-kit/contract/operation-names'

/** Options shared by the waiting helpers. */
export interface WaitOptions<S> {
  /**
   * Time between two polls in ms, at least 1 000. Default 30 000 (the documented minimum
   * interval); 250 against the krs-kit emulator with a real clock, which answers at once.
   */
  intervalMs?: number | undefined
  /** Called with every status read, before deciding whether to wait again. */
  onProgress?: ((status: S, poll: number) => void) | undefined
  /** Sleep between polls (tests inject a fake). Defaults to the client's sleep. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined
  signal?: AbortSignal | undefined
  /**
   * Give up (KrsTimeoutError) after this many ms in total. Default one hour
   * (`defaultWaitTimeoutMs`); `Infinity` waits as long as it takes.
   */
  timeoutMs?: number | undefined
  /**
   * Against the krs-kit emulator with a manual clock: advance its clock by the interval before
   * each poll (`POST /__mock/clock`), as `krs --advance-clock` does, instead of failing at once
   * with KrsWaitStalledError. `timeoutMs` then also bounds the emulator time moved (default 7 days).
   */
  advanceClock?: boolean | undefined
}

export const defaultPollIntervalMs = 30_000
/** The shortest `intervalMs` a wait accepts: one second. */
export const minPollIntervalMs = 1_000
/** The poll interval against the emulator with a real clock. */
export const emulatorPollIntervalMs = 250
/** How long a wait lasts when `timeoutMs` is not given: one hour. */
export const defaultWaitTimeoutMs = 3_600_000
/** With `advanceClock`, how much emulator time a wait may move when `timeoutMs` is not given. */
const advanceLimitMs = 7 * 86_400_000

/** What a wait needs of the emulator's admin API (`/__mock/clock`), through the client's own fetch. */
export interface EmulatorClockAccess {
  clock(signal: AbortSignal | undefined): Promise<{ mode: string; now: number }>
  advance(seconds: number, signal: AbortSignal | undefined): Promise<void>
}

/** One status read: the value, and whether the answer came from the krs-kit emulator. */
export interface StatusRead<S> {
  status: S
  emulator: boolean
}

/** How a wait describes itself in its errors. */
export interface WaitText<S> {
  /** `delivery 7 did not reach phase 3`: what did not happen. */
  notReached: string
  /** `last seen at phase 1`. */
  last: (status: S) => string
}

/**
 * Reads a status until `done` says so; one read at once, then one per interval. Against the
 * emulator (its answers carry `X-Krs-Emulator`) it asks the clock once: a manual clock fails at
 * once (KrsWaitStalledError) unless `advanceClock` is set, which moves the clock instead of sleeping.
 */
export async function pollUntil<S>(
  operation: OperationName,
  read: (signal: AbortSignal | undefined) => Promise<StatusRead<S>>,
  done: (status: S) => boolean,
  text: WaitText<S>,
  options: WaitOptions<S>,
  clock: EmulatorClockAccess,
  fallbackSleep: (ms: number, signal?: AbortSignal) => Promise<void> = abortableSleep,
): Promise<S> {
  checkWaitOptions(operation, options)
  const timeoutMs = options.timeoutMs ?? defaultWaitTimeoutMs
  const scope = createCallScope(operation, options.signal, timeoutMs)
  const sleep = options.sleep ?? fallbackSleep
  let last: S | undefined
  const timedOut = (limitMs: number, what: string) =>
    new KrsTimeoutError(
      operation,
      limitMs,
      `${operation}: ${text.notReached} within ${limitMs} ms of ${what}${last === undefined ? '' : ` (${text.last(last)})`}`,
    )
  const failure = () => {
    const f = scope.failure()
    return f instanceof KrsTimeoutError ? timedOut(timeoutMs, 'waiting') : f
  }
  /** Awaits one step of the wait; a failure of the wait's scope (timeout, abort) wins over the step's own. */
  const step = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work
    } catch (error) {
      throw failure() ?? error
    }
  }
  let poll = 0
  const readStatus = async (): Promise<StatusRead<S>> => {
    const r = await step(read(scope.signal))
    last = r.status
    options.onProgress?.(r.status, poll++)
    return r
  }
  try {
    const first = await readStatus()
    if (done(first.status)) return first.status
    const manual = first.emulator && (await step(clock.clock(scope.signal))).mode === 'manual'
    if (manual && !options.advanceClock)
      throw new KrsWaitStalledError(
        operation,
        `${operation}: ${text.notReached} and never will: the krs-kit emulator's clock is manual (${text.last(first.status)}). ` +
          'Advance it (POST /__mock/clock {"advance_seconds": 600}, or krs mock clock advance 10m) or pass advanceClock: true.',
      )
    const interval = options.intervalMs ?? (first.emulator && !manual ? emulatorPollIntervalMs : defaultPollIntervalMs)
    const stepSeconds = Math.max(1, Math.round(interval / 1000))
    const emulatedLimit = options.timeoutMs ?? advanceLimitMs
    for (let moved = 0; ; ) {
      if (manual) {
        if (moved >= emulatedLimit) throw timedOut(emulatedLimit, 'emulator time')
        await step(clock.advance(stepSeconds, scope.signal))
        moved += stepSeconds * 1000
      } else await step(sleep(interval, scope.signal))
      const f = failure()
      if (f) throw f
      const next = await readStatus()
      if (done(next.status)) return next.status
    }
  } finally {
    scope.dispose()
  }
}

/** Refuses wait options that would poll without pause or never time out by mistake; nothing is sent. */
function checkWaitOptions(operation: OperationName, options: { intervalMs?: unknown; timeoutMs?: unknown }): void {
  const { intervalMs, timeoutMs } = options
  if (
    intervalMs !== undefined &&
    !(typeof intervalMs === 'number' && Number.isFinite(intervalMs) && intervalMs >= minPollIntervalMs)
  )
    throw new KrsSdkError(
      `${operation}: intervalMs must be a number >= ${minPollIntervalMs} (got ${String(intervalMs)})`,
      operation,
    )
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0))
    throw new KrsSdkError(
      `${operation}: timeoutMs must be a positive number of ms, or Infinity (got ${String(timeoutMs)})`,
      operation,
    )
}
