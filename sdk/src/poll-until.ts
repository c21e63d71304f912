import { abortableSleep, createCallScope } from './call-scope.js'
import type { OperationName } from './generated/operation-names.js'

/** Options shared by the waiting helpers. */
export interface WaitOptions<S> {
  /** Time between two polls in ms (default 30 000: the documented minimum interval). */
  intervalMs?: number | undefined
  /** Called with every status read, before deciding whether to wait again. */
  onProgress?: ((status: S, poll: number) => void) | undefined
  /** Sleep between polls (tests inject a fake). Defaults to the client's sleep. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined
  signal?: AbortSignal | undefined
  /** Give up (KrsTimeoutError) after this many ms in total; default: wait as long as it takes. */
  timeoutMs?: number | undefined
}

export const defaultPollIntervalMs = 30_000

/** Reads a status until `done` says so; one read at once, then one per interval. */
export async function pollUntil<S>(
  operation: OperationName,
  read: (signal: AbortSignal | undefined) => Promise<S>,
  done: (status: S) => boolean,
  options: WaitOptions<S>,
  fallbackSleep: (ms: number, signal?: AbortSignal) => Promise<void> = abortableSleep,
): Promise<S> {
  const scope = createCallScope(operation, options.signal, options.timeoutMs)
  const sleep = options.sleep ?? fallbackSleep
  const interval = options.intervalMs ?? defaultPollIntervalMs
  try {
    for (let poll = 0; ; poll++) {
      let status: S
      try {
        status = await read(scope.signal)
      } catch (error) {
        throw scope.failure() ?? error
      }
      options.onProgress?.(status, poll)
      if (done(status)) return status
      try {
        await sleep(interval, scope.signal)
      } catch (error) {
        throw scope.failure() ?? error
      }
      const failure = scope.failure()
      if (failure) throw failure
    }
  } finally {
    scope.dispose()
  }
}
