import { createEngine, type Engine } from '@krs-kit/mock-server'
import { recordingFetch, type RecordingFetch } from './recorded-fetch.js'

/** A fixed virtual time (2026-01-01T00:00:00Z) so that answers with dates are repeatable. */
export const fixedNow = 1767225600

/** A fresh emulator (seed 1, manual clock) and a fetch that records what the CLI sends to it. */
export function engineFetch(): RecordingFetch & { engine: Engine } {
  const engine = createEngine({ seed: 1, clock: { mode: 'manual', now: fixedNow } })
  return { engine, ...recordingFetch((r) => engine.handle(r)) }
}

export const baseUrl = 'http://127.0.0.1:4010'
export const env = { KRS_BASE_URL: baseUrl, KRS_API_TOKEN: 'krs-all' }
