import type { Engine } from '../kernel/create-engine.js'

export interface SmtpLoop {
  /** Relay soon (after a request: a delivery may have reached handover). */
  kick(): void
  /** Relay once now, waiting for the sends (tests, shutdown). */
  flush(): Promise<number>
  /** Stop the timer, send what is due, close the connection. */
  close(): Promise<void>
}

export interface SmtpLoopOptions {
  /** Seconds between relays when nothing kicks (default 1). */
  intervalMs?: number
  /** Where refused sends are reported (at most one line per 10 s). */
  warn?: (line: string) => void
  /** The server's own URL: base of the tracking links when there is no --public-url. */
  origin?: string
}

/**
 * `--smtp URL`: send every handed-over mail of every tenant, rendered as in the outbox, to a
 * local SMTP catcher (Mailpit, MailHog, ...) through the mail domain's nodemailer relay. Runs after
 * requests and once a second (a real clock hands mails over without any request); one relay
 * at a time, so each mail goes out once. nodemailer is loaded only when this is on.
 */
export async function startSmtpLoop(engine: Engine, url: string, opts: SmtpLoopOptions = {}): Promise<SmtpLoop> {
  const { createSmtpRelay } = await import('../domains/mail/smtp-relay.js')
  let lastWarn = 0
  const relay = createSmtpRelay(url, {
    links: { publicUrl: engine.publicUrl, ...(opts.origin ? { origin: opts.origin } : {}) },
    onError: (e) => {
      const now = Date.now()
      if (opts.warn && now - lastWarn > 10_000) {
        lastWarn = now
        opts.warn(`[krs-mock] smtp ${url}: ${String((e as Error)?.message ?? e)}\n`)
      }
    },
  })
  let running: Promise<number> | null = null
  let again = false
  let scheduled = false

  const once = async (): Promise<number> => {
    let sent = 0
    for (const t of engine.tenants()) {
      if (t.clock.mode() === 'real') t.scheduler.catchUp()
      sent += await relay.relay(t.state, t.clock.now())
    }
    return sent
  }
  const run = (): Promise<number> => {
    if (running) {
      // the running pass loops once more; a kick lost at its very end waits for the timer
      again = true
      return running
    }
    running = (async () => {
      let sent = 0
      do {
        again = false
        sent += await once()
      } while (again)
      return sent
    })().finally(() => {
      running = null
    })
    return running
  }
  const swallow = (p: Promise<unknown>): void => {
    p.catch((e: unknown) => opts.warn?.(`[krs-mock] smtp relay failed: ${String(e)}\n`))
  }
  const timer = setInterval(() => swallow(run()), opts.intervalMs ?? 1000)
  timer.unref()

  return {
    kick() {
      if (scheduled) return
      scheduled = true
      setImmediate(() => {
        scheduled = false
        swallow(run())
      })
    },
    flush: run,
    async close() {
      clearInterval(timer)
      try {
        await run()
      } finally {
        relay.close()
      }
    },
  }
}
