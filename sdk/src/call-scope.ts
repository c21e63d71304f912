import { KrsAbortError, KrsTimeoutError } from './errors.js'
import type { OperationName } from '@krs-kit/contract/operation-names'

/**
 * One call's cancellation: the caller's signal and the call's timeout combined into one
 * signal (like `AbortSignal.any([signal, AbortSignal.timeout(ms)])`, which older browsers
 * lack), with a way to tell afterwards which of the two fired.
 */
export interface CallScope {
  /** Undefined when there is neither a caller signal nor a timeout. */
  readonly signal: AbortSignal | undefined
  /** The error to throw when `signal` has aborted, or undefined while it has not. */
  failure(): KrsTimeoutError | KrsAbortError | undefined
  /**
   * Settles with `work`, or rejects as soon as the scope aborts, whatever the fetch
   * implementation does with the signal. This also keeps the pending call reachable from
   * the timer: a Request's own signal follows ours only through a weak reference (undici),
   * so relying on it alone can lose the abort after a garbage collection.
   */
  race<T>(work: Promise<T>): Promise<T>
  /**
   * Stop the timer and detach from the caller's signal. With `keepSignal` (a streamed
   * body is still being read) only the timer stops: the caller can still abort the stream.
   */
  dispose(keepSignal?: boolean): void
}

const noScope: CallScope = {
  signal: undefined,
  failure: () => undefined,
  race: (work) => work,
  dispose: () => {},
}

export function createCallScope(
  operation: OperationName | undefined,
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): CallScope {
  const hasTimeout = timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)
  if (!signal && !hasTimeout) return noScope
  const controller = new AbortController()
  let timedOut = false
  let timer: ReturnType<typeof setTimeout> | undefined
  // Pending `race` rejections: called directly, no event listener per race.
  let pending: ((reason: unknown) => void) | undefined
  const abort = (reason: unknown) => {
    controller.abort(reason)
    pending?.(reason)
  }
  const onAbort = () => abort(signal?.reason)
  if (signal) {
    if (signal.aborted) controller.abort(signal.reason)
    else signal.addEventListener('abort', onAbort, { once: true })
  }
  if (hasTimeout && !controller.signal.aborted) {
    timer = setTimeout(() => {
      timedOut = true
      abort(new KrsTimeoutError(operation, timeoutMs))
    }, timeoutMs)
  }
  return {
    signal: controller.signal,
    failure() {
      if (!controller.signal.aborted) return undefined
      return timedOut ? new KrsTimeoutError(operation, timeoutMs ?? 0) : new KrsAbortError(operation, signal?.reason)
    },
    race(work) {
      if (controller.signal.aborted) {
        work.catch(() => {})
        return Promise.reject(controller.signal.reason)
      }
      return new Promise((resolve, reject) => {
        pending = reject
        work.then(
          (value) => {
            pending = undefined
            resolve(value)
          },
          (error: unknown) => {
            pending = undefined
            reject(error)
          },
        )
      })
    },
    dispose(keepSignal) {
      if (timer !== undefined) clearTimeout(timer)
      if (!keepSignal) signal?.removeEventListener('abort', onAbort)
    },
  }
}

/** A sleep that rejects with the signal's reason when the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const done = () => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }
    const timer = setTimeout(done, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
