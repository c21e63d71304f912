import { createEngine, type Engine } from '@krs-kit/mock-server'
import type { FuzzCase } from './mutations.js'
import type { FuzzTarget } from './run-fuzz.js'

/** The emulator in process: every request through `engine.handle(Request)` (the Fetch door). */
export function engineTarget(members = 20): { target: FuzzTarget; engine: Engine } {
  const fixed = Date.UTC(2026, 0, 1)
  const engine = createEngine({
    members,
    seed: 7,
    clock: { mode: 'manual', now: Math.floor(fixed / 1000) },
    wallClock: () => fixed,
    // Our own Ajv checks every answer; the engine's check stays off so a violation is
    // reported by the fuzzer with its request instead of thrown.
    validateResponses: false,
    logger: { error: () => {}, warn: () => {} },
  })
  const tenant = engine.defaultTenant
  let sent = 0
  const target: FuzzTarget = {
    token: 'krs-all',
    async send(c: FuzzCase) {
      // Every 8th request through the Fetch door `handle(Request)`; the others through
      // `respond`, the same pipeline without building Fetch objects (handle() only converts:
      // it costs ~4 ms a call on this machine against ~0.2 ms, which keeps 20,000 requests fast).
      if (++sent % 8 === 0) {
        const hasBody = c.method !== 'GET' && c.method !== 'HEAD'
        const res = await engine.handle(
          new Request(`http://krs.test${c.path}`, {
            method: c.method,
            headers: c.headers,
            ...(hasBody ? { body: c.bodyText } : {}),
          }),
        )
        return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() }
      }
      const headers = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k.toLowerCase(), v]))
      const out = await engine.respond({
        method: c.method,
        path: c.path,
        query: '',
        header: (name) => headers[name],
        bodyText: c.method === 'GET' ? '' : c.bodyText,
      })
      return {
        status: out.status,
        contentType: out.headers['content-type'] ?? null,
        text: typeof out.body === 'string' ? out.body : new TextDecoder().decode(out.body),
      }
    },
    snapshot: () => Promise.resolve(JSON.stringify(engine.exportTenant(tenant).state)),
    reset() {
      engine.resetTenant(tenant)
      return Promise.resolve()
    },
  }
  return { target, engine }
}
