// Entry of the playground runtime's page part, bundled by scripts/prepare-playground.ts with
// esbuild into static/playground-runtime/runtime.<hash>.js and loaded by the /playground pages
// only. It stays small: the engine, the validation (Ajv) and the example generator
// (json-schema-faker) run in a dedicated Web Worker (engine-worker.ts, engine.<hash>.js); this
// part starts that worker, sends the page's own calls to it directly (callEmulator: one
// message each way, no fetch), answers other requests of the page to the emulator's paths
// through MSW by forwarding them to it, and parses the editor's text.
import { http, passthrough } from 'msw'
import { setupWorker, type SetupWorker } from 'msw/browser'
import { emulatorRoutes } from '@krs-kit/mock-server/internal'
import type { Difference } from '@krs-kit/contract/compare'
import type { ExampleOptions, FromWorker, ToWorker, VerdictRequest, WireRequest, WireResponse } from './protocol.js'
import type { BodyIssue } from './validate-body.js'

export { parseBodyText } from './parse-body.js'
export type { BodyIssue, ExampleOptions, WireRequest, WireResponse }

/** The engine worker's file name (with its content hash), set by scripts/prepare-playground.ts. */
declare const __KRS_ENGINE_FILE__: string

/**
 * Requests the playground sends to a server on this same origin (`npm start` serves the site
 * beside `krs mock`) carry this header: they go to the network, not to the in-browser emulator.
 */
export const BYPASS_HEADER = 'x-krs-playground-target'

const stateListeners = new Set<() => void>()

/** Called when another tab of the site changed the emulator's state (this page's copy is updated). */
export function onStateChange(listener: () => void): () => void {
  stateListeners.add(listener)
  return () => stateListeners.delete(listener)
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void }
let engineWorker: Worker | null = null
let failure: Error | null = null
let nextId = 1
const pending = new Map<number, Pending>()

function failAll(e: Error): void {
  failure = e
  for (const p of pending.values()) p.reject(e)
  pending.clear()
}

/** The engine's worker, started on the first call (the page's first use of the runtime). */
function worker(): Worker {
  if (engineWorker) return engineWorker
  const w = new Worker(new URL(__KRS_ENGINE_FILE__, import.meta.url))
  w.addEventListener('message', (e: MessageEvent<FromWorker>) => {
    const m = e.data
    if ('event' in m) {
      for (const l of stateListeners) l()
      return
    }
    const p = pending.get(m.id)
    if (!p) return
    pending.delete(m.id)
    if (m.ok) p.resolve(m.value)
    else p.reject(new Error(m.error))
  })
  w.addEventListener('error', (e) => {
    e.preventDefault()
    failAll(new Error(`エミュレータのワーカーを起動できませんでした: ${e.message || 'error'}`))
  })
  engineWorker = w
  return w
}

type Call = ToWorker extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : never) : never

function call<T>(message: Call, transfer: Transferable[] = []): Promise<T> {
  if (failure) return Promise.reject(failure)
  const w = worker()
  const id = nextId++
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
    w.postMessage({ ...message, id } as ToWorker, transfer)
  })
}

/**
 * One request to the in-browser emulator, posted to the engine's worker directly: the
 * playground's own calls take this way, not fetch (which would cross the service worker and
 * this page's MSW handler before reaching the worker). Start the emulator first.
 */
export function callEmulator(request: WireRequest): Promise<WireResponse> {
  return call<WireResponse>({ kind: 'request', request }, request.body ? [request.body] : [])
}

/** An emulator request that arrived through MSW (a fetch of the page), answered by the worker. */
async function forward({ request }: { request: Request }): Promise<Response> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer()
  const answer = await callEmulator({ method: request.method, url: request.url, headers: [...request.headers], body })
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers })
}

const bypass = http.all('*', ({ request }) =>
  request.headers.get(BYPASS_HEADER) === 'server' ? passthrough() : undefined,
)

let started: Promise<SetupWorker> | null = null

/** The same worker script whatever its query (a takeover below registers it with one). */
const sameWorker = (scriptUrl: string, workerUrl: string): boolean =>
  new URL(scriptUrl).pathname === new URL(workerUrl, location.href).pathname

/**
 * MSW reloads a page that no service worker controls while a registration of its worker
 * exists (`location.reload()` in its start): a page loaded while the worker was still
 * installing, or reloaded with Shift (which bypasses the worker) while another tab of the site
 * keeps the registration alive. The reader sees the page load twice, and a test that navigates
 * on meanwhile has its navigation aborted. Unregistering does not help (registering the same
 * script again revives the registration, whose worker never claims this page). Such a page
 * registers the worker under another URL instead: a new worker installs, and as it activates
 * it claims every page of the site, this one included.
 */
async function takeControl(workerUrl: string): Promise<void> {
  const container = navigator.serviceWorker
  if (container.controller) return
  const registrations = await container.getRegistrations()
  const exists = registrations.some((r) =>
    [r.installing, r.waiting, r.active].some((w) => w !== null && sameWorker(w.scriptURL, workerUrl)),
  )
  if (!exists) return
  const controlled = new Promise<void>((resolve) =>
    container.addEventListener('controllerchange', () => resolve(), { once: true }),
  )
  const registration = await container.register(`${workerUrl}?takeover=${Date.now()}`)
  const incoming = registration.installing ?? registration.waiting
  const failed = new Promise<never>((_, reject) =>
    incoming?.addEventListener('statechange', () => {
      if (incoming.state === 'redundant' && !container.controller)
        reject(new Error('エミュレータの Service Worker を有効にできませんでした'))
    }),
  )
  if (!container.controller) await Promise.race([controlled, failed])
}

/**
 * Starts the in-browser emulator once per page: the engine with the default scenario in the
 * worker, and an MSW service worker answering `/api/v1/*`, `/{env}/api/v1/*` and `/__mock/*`
 * of this origin only (a local `krs mock` or the real service on another origin is not
 * intercepted).
 */
export function startEmulator(options: { origin: string; workerUrl: string; zipUrl: string }): Promise<SetupWorker> {
  started ??= (async () => {
    await call<null>({ kind: 'start', zipUrl: options.zipUrl })
    const sw = setupWorker(bypass, ...emulatorRoutes(options.origin, forward))
    const startOptions = {
      serviceWorker: { url: options.workerUrl },
      findWorker: (scriptUrl: string) => sameWorker(scriptUrl, options.workerUrl),
      onUnhandledRequest: 'bypass',
      quiet: true,
    } as const
    await takeControl(options.workerUrl)
    await sw.start(startOptions)
    // The worker of another tab's takeover (above) claims this page too; MSW knows only the
    // worker it started with, so it announces this page to the new one.
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      sw.stop()
      void sw.start(startOptions)
    })
    return sw
  })()
  return started
}

/** Validates a request body against the operation's JSON Schema (in the worker). */
export function validateBody(schema: unknown, body: unknown): Promise<BodyIssue[]> {
  return call<BodyIssue[]>({ kind: 'validate', schema, body })
}

/** An example body valid for the schema, with the target's ids (in the worker). */
export function exampleBody(schema: unknown, options: ExampleOptions): Promise<unknown> {
  return call<unknown>({ kind: 'example', schema, options })
}

/** The contract's verdict on an answer of another server (`krs verify`'s check, in the worker). */
export function verdict(answer: VerdictRequest): Promise<Difference[]> {
  return call<Difference[]>({ kind: 'verdict', answer })
}
