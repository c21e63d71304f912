import { createEngine, type Engine } from '../../src/index.js'
import { type DurableState, durableStorage } from '../../src/program/durable-state.js'

/** Helpers of the hardening tests that drive an engine in process (no HTTP). */

export const START = 1_767_225_600 // 2026-01-01T00:00:00Z

export const newEngine = (members = 5): Engine => createEngine({ members, clock: { mode: 'manual', now: START } })

/** An engine (20 members, manual clock) with the durable store of `dir` as its persistence hook, and the opened store. */
export async function durableEngine(dir: string, repair = false): Promise<{ engine: Engine; durable: DurableState }> {
  const storage = durableStorage(dir, { intervalMs: 3_600_000, onError: () => {}, repair })
  const engine = createEngine({ members: 20, clock: { mode: 'manual', now: START }, persistence: storage.persistence })
  return { engine, durable: await storage.open(engine) }
}

export interface Answer {
  status: number
  body: any
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text()
  try {
    return { status: res.status, body: JSON.parse(text) }
  } catch {
    return { status: res.status, body: text }
  }
}

/** An admin call of the default tenant; a string body is sent as written (`1e400` stays). */
export async function admin(engine: Engine, method: string, route: string, body?: unknown): Promise<Answer> {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json' } }
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
  return answer(await engine.handle(new Request(`http://krs.test/__mock/${route}`, init)))
}

/** An API call of the default tenant with the `krs-all` token. */
export async function call(engine: Engine, op: string, body: unknown): Promise<Answer> {
  const headers = { 'content-type': 'application/json', authorization: 'Bearer krs-all' }
  const init: RequestInit = { method: 'POST', headers, body: JSON.stringify(body) }
  return answer(await engine.handle(new Request(`http://krs.test/api/v1/${op}`, init)))
}
