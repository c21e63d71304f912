// The playground's engine in a dedicated Web Worker, bundled by scripts/prepare-playground.ts
// into static/playground-runtime/engine.<hash>.js: the emulator (the same engine as every
// other door, default scenario, manual clock), the body validation (Ajv) and the example
// generator (json-schema-faker), off the page's main thread. The page's MSW handler forwards
// each emulator request here (runtime/index.ts). The state outlives the page: it is saved in
// IndexedDB after each change and loaded before the first call (saved-state.ts), and the other
// tabs of the site load it again when this one has saved.
import { createEngine, type Engine } from '@krs-kit/mock-server'
import { exampleBody } from './example-body.js'
import type { FromWorker, ToWorker, WireRequest, WireResponse } from './protocol.js'
import { coalescingSaver, readSavedState, STATE_CHANNEL, type SavedNotice, writeSavedState } from './saved-state.js'
import { validateBody } from './validate-body.js'
import { verdict } from './verdict.js'

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void
  addEventListener(type: 'message', listener: (e: MessageEvent<ToWorker>) => void): void
}
const scope = self as unknown as WorkerScope

let engine: Engine | null = null
/** engine.changes when the state was last saved or loaded. */
let savedChanges = 0
const me = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(STATE_CHANNEL)

const saver = coalescingSaver(async () => {
  if (!engine) return
  savedChanges = engine.changes
  await writeSavedState(engine.exportState())
  channel?.postMessage({ from: me } satisfies SavedNotice)
})

/** Loads the saved state into the engine; a state this engine cannot read is left aside. */
async function loadSaved(e: Engine): Promise<void> {
  const saved = await readSavedState()
  if (saved === undefined) return
  try {
    e.importState(saved)
  } catch (err) {
    console.warn('the saved playground state could not be loaded; starting from the default scenario', err)
  }
  savedChanges = e.changes
}

// Another tab saved: this tab's engine takes its state, and its page reads it again.
channel?.addEventListener('message', (e: MessageEvent<SavedNotice>) => {
  if (e.data.from === me || !engine) return
  const current = engine
  void loadSaved(current).then(() => scope.postMessage({ event: 'state-changed' }))
})

/** Schemas arrive as copies: compiled validators are kept per schema text. */
const schemas = new Map<string, unknown>()
function sameSchema(schema: unknown): unknown {
  const key = JSON.stringify(schema)
  let kept = schemas.get(key)
  if (kept === undefined) {
    kept = schema
    schemas.set(key, kept)
  }
  return kept
}

const NULL_BODY = new Set([101, 204, 205, 304])

async function answer(r: WireRequest): Promise<WireResponse> {
  if (!engine) throw new Error('the emulator has not started')
  const hasBody = r.body !== null && r.method !== 'GET' && r.method !== 'HEAD'
  const res = await engine.handle(
    new Request(r.url, { method: r.method, headers: r.headers, ...(hasBody ? { body: r.body } : {}) }),
  )
  const body = NULL_BODY.has(res.status) ? null : await res.arrayBuffer()
  // A change is saved before its answer leaves: a page load right after the answer finds it.
  if (engine.changes !== savedChanges) {
    saver.changed()
    await saver.settled().catch((err: unknown) => console.warn('the playground state could not be saved', err))
  }
  return { status: res.status, statusText: res.statusText, headers: [...res.headers], body }
}

async function run(m: ToWorker): Promise<unknown> {
  switch (m.kind) {
    case 'start':
      if (!engine) {
        const zipUrl = new URL(m.zipUrl, self.location.href).href
        const zipText = async () => {
          const res = await fetch(zipUrl)
          if (!res.ok) throw new Error(`${zipUrl}: HTTP ${res.status}`)
          return res.text()
        }
        const created = createEngine({ clock: { mode: 'manual' }, zipText })
        await loadSaved(created)
        engine = created
      }
      return null
    case 'request':
      return answer(m.request)
    case 'validate':
      return validateBody(sameSchema(m.schema) as object | boolean, m.body)
    case 'example': {
      const schema = sameSchema(m.schema) as object | boolean
      return exampleBody(schema, { ...m.options, accept: (b) => validateBody(schema, b).length === 0 })
    }
    case 'verdict':
      return verdict(m.answer)
  }
}

scope.addEventListener('message', (e) => {
  const m = e.data
  run(m).then(
    (value) => {
      const body = (value as WireResponse | null)?.body
      scope.postMessage({ id: m.id, ok: true, value }, body instanceof ArrayBuffer ? [body] : [])
    },
    (err: unknown) =>
      scope.postMessage({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  )
})
