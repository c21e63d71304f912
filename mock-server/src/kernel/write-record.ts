import type { ClockOptions } from './clock.js'
import type { IdMarks } from './id-marks.js'

/**
 * One accepted API write, as the durability log keeps it (`--data-dir`): enough to run the
 * same call again on the state it was made on and get the same result. The engine is
 * deterministic given the tenant's state, clock and random position, so a record carries
 * the clock time of the call and the random position right before its handler ran.
 */
export interface WriteRecord {
  /** Global order of accepted writes (set by the log). */
  seq?: number
  tenant: string
  /** The tenant clock at the call (unix seconds). */
  at: number
  /** The seeded random source right before the handler. */
  random: number[]
  path: string
  authorization: string | null
  body: string
  /** The tenant's id counters after the write (id-marks.ts), so a lost record's ids are never issued again. */
  ids?: IdMarks
  /** Absent for an API write; `fork` for a tenant forked from a live tenant (see ForkRecord). */
  kind?: undefined
}

/**
 * A tenant forked from a live tenant, logged instead of a snapshot of the whole state: a fork
 * shares its source's state, so running it again at the same place of the log, with the same
 * id, clock and token values, gives the same tenant.
 */
export interface ForkRecord {
  seq?: number
  kind: 'fork'
  /** The new tenant. */
  tenant: string
  from: string
  clock: ClockOptions
  /** Token values by name. */
  tokens: Record<string, string>
  /**
   * When `from` is a template (which is not saved): what it was built from, so that a replay
   * builds it again (a template never changes after it is made).
   */
  template?: TemplateSpec
}

/** A template's scenario (JSON), seed, member count and clock at its creation. */
export interface TemplateSpec {
  scenario: unknown
  seed: number
  members: number | null
  clock: ClockOptions
}

/** What the log of a `--data-dir` keeps, in one order. */
export type LogRecord = WriteRecord | ForkRecord

/**
 * Where the engine hands its changes to a store that keeps them (`krs-mock --data-dir`):
 * the kernel calls it, and the answer of the call waits for the returned promise, so an
 * answer is never sent for a change a crash could lose. A rejection answers 500.
 */
export interface PersistenceHook {
  /** Each accepted API write, after it is applied and before it is answered. */
  onWrite(record: WriteRecord): Promise<void>
  /**
   * After an admin call that changed state (reset, tenants, clock, snapshot import, events),
   * before it is answered. `logged`: the call's only changes, as records the log can run again
   * (a fork); without them the store saves the whole state.
   */
  onAdminChange(logged?: readonly ForkRecord[]): Promise<void>
}
