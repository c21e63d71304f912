import type { Session } from './session.js'

/** How often an unknown or unreachable target is asked again in the background. */
export const watchIntervalMs = 1_000
/** An answer about the target is reused for this long by tools/list and tool calls. */
export const recheckCacheMs = 1_000
/** The background question is shorter than the start's: it repeats anyway. */
const watchTimeoutMs = 2_000

const needsAsking = (s: Session): boolean => s.state === 'unknown' || s.state === 'unreachable'

/**
 * Keeps the server's idea of its target current while the target is unknown or
 * unreachable: an editor often starts its MCP servers before the developer starts
 * `krs-mock`, and the emulator's tools must appear when it does (the session tells its
 * listeners, and the server sends `notifications/tools/list_changed`). A target that
 * answered is not asked again in the background (its journal stays free of the questions).
 */
export class TargetWatch {
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly session: Session) {}

  /** Asks again when the target is unknown or unreachable and the last answer is older than the cache. */
  async refresh(): Promise<void> {
    if (!needsAsking(this.session)) return
    if (Date.now() - this.session.lastDetect < recheckCacheMs) return
    await this.session.detect(watchTimeoutMs)
  }

  /** Polls in the background until stopped (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return
    const tick = () => {
      const next = () => {
        if (this.timer) this.timer = setTimeout(tick, watchIntervalMs).unref()
      }
      if (needsAsking(this.session)) void this.session.detect(watchTimeoutMs).then(next, next)
      else next()
    }
    this.timer = setTimeout(tick, watchIntervalMs).unref()
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }
}
