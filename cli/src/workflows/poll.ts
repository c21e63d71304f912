import { ExitError, exitCodes, UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'
import { adminOrigin } from '../mock/mock-admin.js'
import { formatDuration, parseDuration } from '../time/duration.js'
import { advanceEmulatorClock, emulatorClock, emulatorClockIfAny } from './emulator.js'
import type { WorkflowTarget } from './workflow-client.js'

/** The documented polling interval of the real service. */
export const documentedIntervalMs = 30_000
/** Polling interval against the emulator with a real clock: it answers at once. */
export const emulatorIntervalMs = 250
/** With --advance-clock and no --timeout: give up after this much emulator time. */
const advanceLimitMs = 7 * 86_400_000

export interface PollOptions {
  interval?: string | undefined
  advanceClock?: boolean | undefined
}

export interface PollSpec<S> {
  check: () => Promise<S>
  done: (s: S) => boolean
  onProgress?: (s: S) => void
  /** Why the wait cannot end: the emulator's clock is manual. */
  stalledMessage: (s: S) => string
  /** Why the wait ended: `limit` passed. */
  timeoutMessage: (s: S, limit: string) => string
}

/**
 * Before a workflow starts what it will wait for: against the emulator with a manual clock and
 * without --advance-clock the wait could never end, so it stops here (exit 4), having started
 * nothing, instead of leaving a job or a delivery behind.
 */
export async function ensureWaitCanEnd(target: WorkflowTarget, io: CliIo, o: PollOptions, what: string): Promise<void> {
  if (o.advanceClock) return
  const clock = await emulatorClockIfAny(io, target.conn)
  if (clock?.mode === 'manual') throw new ExitError(t('waitFail.wouldStall', { what }), exitCodes.stalled)
}

/**
 * Polls until `done`. Against the real service every 30 s (or `--interval`); against the
 * emulator every 0.25 s; against the emulator with a manual clock, either advances its
 * clock by the interval at each poll (`--advance-clock`; `--timeout` then counts emulator
 * time) or stops at once with exit 4 and a message saying how to move it.
 * `--timeout` (the global one) ends the wait with exit 3.
 */
export async function pollUntil<S>(target: WorkflowTarget, io: CliIo, o: PollOptions, spec: PollSpec<S>): Promise<S> {
  const intervalGiven = o.interval === undefined ? undefined : parseDuration('--interval', o.interval)
  const timeoutMs = io.session?.timeoutMs
  let status = await spec.check()
  spec.onProgress?.(status)
  if (spec.done(status)) return status

  const emulator = io.session?.emulator === true
  if (o.advanceClock && !emulator) throw new UsageError(t('err.notEmulator', { origin: adminOrigin(target.conn) }))
  const manual = emulator && (await emulatorClock(io, target.conn)).mode === 'manual'
  if (manual && !o.advanceClock) throw new ExitError(spec.stalledMessage(status), exitCodes.stalled)

  const sleep = io.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  if (manual) {
    const stepMs = intervalGiven || documentedIntervalMs
    const limit = timeoutMs ?? advanceLimitMs
    for (let elapsed = 0; ; ) {
      if (elapsed >= limit) throw new ExitError(spec.timeoutMessage(status, formatDuration(limit)), exitCodes.network)
      await advanceEmulatorClock(io, target.conn, Math.max(1, Math.round(stepMs / 1000)))
      elapsed += stepMs
      status = await spec.check()
      spec.onProgress?.(status)
      if (spec.done(status)) return status
    }
  }
  const interval = intervalGiven ?? (emulator ? emulatorIntervalMs : documentedIntervalMs)
  const started = Date.now()
  for (;;) {
    if (timeoutMs !== undefined && Date.now() - started >= timeoutMs) {
      throw new ExitError(spec.timeoutMessage(status, formatDuration(timeoutMs)), exitCodes.network)
    }
    const wait =
      timeoutMs === undefined ? interval : Math.min(interval, Math.max(0, timeoutMs - (Date.now() - started)))
    if (wait > 0) await sleep(wait)
    status = await spec.check()
    spec.onProgress?.(status)
    if (spec.done(status)) return status
  }
}
