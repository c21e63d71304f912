import type { PlaygroundRegistry } from '../../../scripts/playground-registry'
import files from '@site/.generated/playground-runtime.json'

export type { OperationDetailsData, PlaygroundRegistry } from '../../../scripts/playground-registry'

/**
 * The playground runtime's page part (static/playground-runtime/runtime.<hash>.js, built by
 * scripts/prepare-playground.ts from runtime/index.ts). Validation and examples are answered by
 * the engine's Web Worker, hence asynchronous.
 */
export interface BodyIssue {
  path: string
  message: string
  missing?: string
}

/** A request to, and an answer of, the in-browser emulator (runtime/protocol.ts). */
export interface EmulatorRequest {
  method: string
  url: string
  headers: [string, string][]
  body: ArrayBuffer | null
}
export interface EmulatorAnswer {
  status: number
  statusText: string
  headers: [string, string][]
  body: ArrayBuffer | null
}

/** A difference of an answer from the contract (`@krs-kit/contract/compare`, `krs verify`'s too). */
export interface VerdictDifference {
  operation: string
  /** JSON pointer into the answer ('' for the whole answer). */
  pointer: string
  kind: 'schema' | 'missing-key' | 'extra-key' | 'type' | 'format' | 'error-code'
  actual: unknown
  expected: unknown
}

export interface PlaygroundRuntime {
  startEmulator(options: { origin: string; workerUrl: string; zipUrl: string }): Promise<unknown>
  /** Called when another tab changed the emulator's saved state; returns the unsubscribe. */
  onStateChange(listener: () => void): () => void
  /** Posts one request to the engine's worker (the emulator must have started). */
  callEmulator(request: EmulatorRequest): Promise<EmulatorAnswer>
  validateBody(schema: unknown, body: unknown): Promise<BodyIssue[]>
  /** Checks an answer of a server other than the in-browser emulator against the contract. */
  verdict(answer: { operation: string; status: number; text: string }): Promise<VerdictDifference[]>
  parseBodyText(text: string): { ok: true; value: unknown } | { ok: false; message: string }
  exampleBody(
    schema: unknown,
    options: {
      seed: number
      now: number
      ids?: Record<string, number>
      memberInfo?: Record<string, unknown>
    },
  ): Promise<unknown>
}

export const RUNTIME_BASE = '/playground-runtime'
const RUNTIME_URL = `${RUNTIME_BASE}/${files.runtime}`
/** The emulator's zip dictionary (fetched by the engine on its first zip lookup). */
export const ZIP_URL = `${RUNTIME_BASE}/${files.zipDictionary}`

let runtime: Promise<PlaygroundRuntime> | null = null
let registry: Promise<PlaygroundRegistry> | null = null

/** Loaded by the playground pages only (never part of the site's own bundles). */
export function loadRuntime(): Promise<PlaygroundRuntime> {
  // A URL expression (not a literal), so that neither webpack build resolves it to static/.
  runtime ??= import(/* webpackIgnore: true */ RUNTIME_URL) as Promise<PlaygroundRuntime>
  return runtime
}

export function loadRegistry(): Promise<PlaygroundRegistry> {
  registry ??= fetch(`${RUNTIME_BASE}/${files.registry}`).then((r) => {
    if (!r.ok) throw new Error(`${files.registry}: HTTP ${r.status}`)
    return r.json() as Promise<PlaygroundRegistry>
  })
  return registry
}
