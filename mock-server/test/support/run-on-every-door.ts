import { setupServer, type SetupServer } from 'msw/node'
import { afterEach, beforeEach, describe } from 'vitest'
import { createEngine, type Engine, type EngineOptions } from '../../src/index.js'
import { createMockHandlers } from '../../src/msw/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'

export type DoorName = 'engine' | 'node' | 'msw'
export const doors: readonly DoorName[] = ['engine', 'node', 'msw']

export interface CallResult<T = unknown> {
  status: number
  headers: Headers
  /** Parsed JSON, or the text when the body is not JSON. */
  body: T
}

/** One door under test. A fresh engine and door are built before each test. */
export interface DoorTarget {
  readonly door: DoorName
  /** The engine behind the door (inspect or prepare state directly). */
  readonly engine: Engine
  /** `http://127.0.0.1:PORT` for the Node door, `http://krs.test` otherwise. */
  readonly baseUrl: string
  /** A raw fetch through the door (path relative to baseUrl). */
  fetch(path: string, init?: RequestInit): Promise<Response>
  /** `POST /api/v1/{operation}` with a JSON body; token defaults to "krs-all", null = none. */
  call<T = unknown>(operation: string, body?: unknown, token?: string | null): Promise<CallResult<T>>
  /** An admin call: `admin('POST', 'clock', { advance_seconds: 60 })`. */
  admin<T = unknown>(method: string, route: string, body?: unknown, token?: string | null): Promise<CallResult<T>>
}

export interface DoorSuiteOptions {
  /** Engine options for every test (a function is called per test). */
  engine?: EngineOptions | (() => EngineOptions)
  /** Doors to skip, each with the written reason. */
  skip?: Partial<Record<DoorName, string>>
}

async function toResult<T>(res: Response): Promise<CallResult<T>> {
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    /* keep the text */
  }
  return { status: res.status, headers: res.headers, body: body as T }
}

/**
 * Run the same cases against every door: the engine's `handle()` in process, the Node HTTP
 * door on a random loopback port, and the MSW door through `msw/node`'s `setupServer`.
 *
 * @example
 * runOnEveryDoor('get_version', (t) => {
 *   it('answers the version without a token', async () => {
 *     const r = await t.call('get_version', {}, null)
 *     expect(r.status).toBe(200)
 *   })
 * })
 */
export function runOnEveryDoor(
  name: string,
  cases: (target: DoorTarget) => void,
  options: DoorSuiteOptions = {},
): void {
  for (const door of doors) {
    const reason = options.skip?.[door]
    const d = reason ? describe.skip : describe
    d(`${name} [${door}]${reason ? ` (skipped: ${reason})` : ''}`, () => {
      let engine: Engine
      let baseUrl = 'http://krs.test'
      let server: RunningServer | null = null
      let msw: SetupServer | null = null
      let doFetch: (url: string, init?: RequestInit) => Promise<Response>

      beforeEach(async () => {
        const opts = typeof options.engine === 'function' ? options.engine() : (options.engine ?? {})
        engine = createEngine({ clock: { mode: 'manual', now: 1_767_225_600 }, ...opts })
        if (door === 'engine') {
          baseUrl = 'http://krs.test'
          doFetch = (url, init) => engine.handle(new Request(url, init))
        } else if (door === 'node') {
          server = await startNodeServer(engine, { port: 0 })
          baseUrl = server.url
          doFetch = (url, init) => fetch(url, init)
        } else {
          baseUrl = 'http://krs.test'
          const interceptor = setupServer(...createMockHandlers({ engine, baseUrl }))
          interceptor.listen({ onUnhandledRequest: 'error' })
          msw = interceptor
          doFetch = (url, init) => fetch(url, init)
        }
      })

      afterEach(async () => {
        msw?.close()
        msw = null
        await server?.close()
        server = null
      })

      const target: DoorTarget = {
        door,
        get engine() {
          return engine
        },
        get baseUrl() {
          return baseUrl
        },
        fetch: (path, init) => doFetch(`${baseUrl}${path}`, init),
        async call(operation, body = {}, token = 'krs-all') {
          const headers: Record<string, string> = { 'content-type': 'application/json' }
          if (token !== null) headers.authorization = `Bearer ${token}`
          return toResult(
            await doFetch(`${baseUrl}/api/v1/${operation}`, { method: 'POST', headers, body: JSON.stringify(body) }),
          )
        },
        async admin(method, route, body, token = null) {
          const headers: Record<string, string> = {}
          if (token !== null) headers.authorization = `Bearer ${token}`
          const init: RequestInit = { method, headers }
          if (body !== undefined) {
            headers['content-type'] = 'application/json'
            init.body = JSON.stringify(body)
          }
          return toResult(await doFetch(`${baseUrl}/__mock/${route}`, init))
        },
      }
      cases(target)
    })
  }
}
