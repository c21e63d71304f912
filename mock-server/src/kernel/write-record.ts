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
}

/**
 * Called after a write succeeded, before the answer is sent; the answer waits for the
 * returned promise (the log fsyncs it). A rejection turns the answer into a 500.
 */
export type WriteListener = (record: WriteRecord) => Promise<void>
