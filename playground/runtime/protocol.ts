// Messages between the playground page (runtime/index.ts, the main thread) and the engine's
// dedicated Web Worker (runtime/engine-worker.ts).
import type { BodyIssue } from './validate-body.js'

export interface ExampleOptions {
  seed: number
  now: number
  ids?: Record<string, number>
  memberInfo?: Record<string, unknown>
}

/** A request to the emulator: the page's own call, or one its MSW handler received. */
export interface WireRequest {
  method: string
  url: string
  headers: [string, string][]
  body: ArrayBuffer | null
}

/** The engine's answer (rebuilt into a Response when the request came through MSW). */
export interface WireResponse {
  status: number
  statusText: string
  headers: [string, string][]
  body: ArrayBuffer | null
}

/** An answer of a server other than the in-browser emulator, to be checked against the contract. */
export interface VerdictRequest {
  operation: string
  status: number
  /** The body as received. */
  text: string
}

export type ToWorker = { id: number } & (
  | { kind: 'start'; zipUrl: string }
  | { kind: 'request'; request: WireRequest }
  | { kind: 'validate'; schema: unknown; body: unknown }
  | { kind: 'example'; schema: unknown; options: ExampleOptions }
  | { kind: 'verdict'; answer: VerdictRequest }
)

export type FromWorker =
  | { id: number; ok: true; value: null | WireResponse | BodyIssue[] | unknown }
  | { id: number; ok: false; error: string }
  /** Unasked: another tab changed the saved state and this tab's engine has loaded it. */
  | { event: 'state-changed' }
