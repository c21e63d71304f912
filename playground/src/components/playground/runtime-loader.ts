import type { PlaygroundRegistry } from '../../../scripts/playground-registry'

export type { PlaygroundRegistry, RegistryOperation } from '../../../scripts/playground-registry'

/** The playground runtime (static/playground-runtime/runtime.js, built by scripts/prepare-playground.ts). */
export interface BodyIssue {
  path: string
  message: string
}

export interface PlaygroundRuntime {
  startEmulator(options: { origin: string; workerUrl: string; zipUrl: string }): Promise<unknown>
  validateBody(schema: unknown, body: unknown): BodyIssue[]
  parseBodyText(text: string): { ok: true; value: unknown } | { ok: false; message: string }
  exampleBody(
    schema: unknown,
    options: {
      seed: number
      now: number
      accept?: (v: unknown) => boolean
      ids?: Record<string, number>
      memberInfo?: Record<string, unknown>
    },
  ): unknown
}

export const RUNTIME_BASE = '/playground-runtime'
const RUNTIME_URL = `${RUNTIME_BASE}/runtime.js`

let runtime: Promise<PlaygroundRuntime> | null = null
let registry: Promise<PlaygroundRegistry> | null = null

/** Loaded by the playground pages only (never part of the site's own bundles). */
export function loadRuntime(): Promise<PlaygroundRuntime> {
  // A URL expression (not a literal), so that neither webpack build resolves it to static/.
  runtime ??= import(/* webpackIgnore: true */ RUNTIME_URL) as Promise<PlaygroundRuntime>
  return runtime
}

export function loadRegistry(): Promise<PlaygroundRegistry> {
  registry ??= fetch(`${RUNTIME_BASE}/registry.json`).then((r) => {
    if (!r.ok) throw new Error(`registry.json: HTTP ${r.status}`)
    return r.json() as Promise<PlaygroundRegistry>
  })
  return registry
}
