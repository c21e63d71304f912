// The playground's engine in a dedicated Web Worker, bundled by scripts/prepare-playground.ts
// into static/playground-runtime/engine.<hash>.js: the emulator (the same engine as every
// other door, default scenario, manual clock), the body validation (Ajv) and the example
// generator (json-schema-faker), off the page's main thread. The page's MSW handler forwards
// each emulator request here (runtime/index.ts). The state lives as long as the page: a
// dedicated worker, unlike the service worker, is never stopped while its page is open.
import { createEngine, type Engine } from '@krs-kit/mock-server'
import { exampleBody } from './example-body.js'
import type { FromWorker, ToWorker, WireRequest, WireResponse } from './protocol.js'
import { validateBody } from './validate-body.js'

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void
  addEventListener(type: 'message', listener: (e: MessageEvent<ToWorker>) => void): void
}
const scope = self as unknown as WorkerScope

let engine: Engine | null = null

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
  return {
    status: res.status,
    statusText: res.statusText,
    headers: [...res.headers],
    body: NULL_BODY.has(res.status) ? null : await res.arrayBuffer(),
  }
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
        engine = createEngine({ clock: { mode: 'manual' }, zipText })
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
