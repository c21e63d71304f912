/** What counts as the reader starting to use the page (a touch, a key, the mouse, a scroll). */
const ENGAGING_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const

/**
 * Calls `start` once: on the reader's first touch, key, mouse move, focus or scroll, or, when
 * the reader does nothing, once the browser is idle `idleAfterMs` after this call. For work the
 * first view does not need (a large form): the first seconds after the page loads stay free for
 * scrolling and reading on a slow phone, and a reader who starts using the page gets it at once.
 * Returns the cancel (for an effect's clean-up).
 */
export function whenReaderEngages(start: () => void, idleAfterMs: number): () => void {
  let done = false
  let idle = 0
  const run = (): void => {
    if (done) return
    cancel()
    start()
  }
  const cancel = (): void => {
    done = true
    window.clearTimeout(timer)
    if (idle && 'cancelIdleCallback' in window) window.cancelIdleCallback(idle)
    for (const type of ENGAGING_EVENTS) window.removeEventListener(type, run, true)
  }
  for (const type of ENGAGING_EVENTS) window.addEventListener(type, run, { capture: true, passive: true })
  const timer = window.setTimeout(() => {
    if (done) return
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: 1000 })
    else run()
  }, idleAfterMs)
  return cancel
}
