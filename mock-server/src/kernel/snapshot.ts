import { ensureSections, type AnyStateSection, type PartialTenantState } from './state-section.js'
import type { TenantFactory } from './tenant-factory.js'
import type { TenantState } from './tenant-state.js'
import { snapshotProblem } from './snapshot-schema.js'
import type { ClockMode, ClockState } from './clock.js'
import type { TenantRuntime } from './tenant-runtime.js'
import { viewOfState } from './tenant-fork.js'

export const TENANT_SNAPSHOT_FORMAT = 'krs-mock-tenant/1'
export const ENGINE_STATE_FORMAT = 'krs-mock-state/1'

/** A tenant's whole state as JSON (`GET /__mock/snapshot`, and one entry of a saved file). */
export interface TenantSnapshot {
  format: typeof TENANT_SNAPSHOT_FORMAT
  tenant_id: string
  seed: number
  members: number | null
  /** Clock at export; `wall_ms` lets a real-mode clock resume following wall time (0 for a manual clock). */
  clock: ClockState & { wall_ms: number }
  /** The clock the tenant was created with, which `POST /__mock/reset` goes back to. */
  initial_clock: ClockState
  random: number[]
  scenario: unknown
  state: unknown
}

/** Every tenant of an engine (the `--data-dir` file). */
export interface EngineStateFile {
  format: typeof ENGINE_STATE_FORMAT
  saved_at: string
  tenants: TenantSnapshot[]
}

export function exportTenant(t: TenantRuntime, wallMs: number, factory: TenantFactory): TenantSnapshot {
  return {
    format: TENANT_SNAPSHOT_FORMAT,
    tenant_id: t.id,
    seed: t.seed,
    members: t.members ?? null,
    // a manual clock does not follow the wall: 0 keeps two exports of the same state identical
    clock: { ...t.clock.state(), wall_ms: t.clock.mode() === 'real' ? wallMs : 0 },
    initial_clock: { ...t.initialClock },
    random: t.random.getState(),
    scenario: t.scenario,
    // a fork's shared sections are read where they are, not copied into the fork
    state: factory.snapshot(viewOfState(t.state)),
  }
}

export class SnapshotError extends Error {
  override readonly name = 'SnapshotError'
}

export interface ParsedSnapshot {
  tenantId: string
  seed: number
  members: number | undefined
  clock: ClockState
  /** Absent from older snapshots: then the clock as loaded. */
  initialClock: ClockState
  random: number[]
  scenario: unknown
  state: TenantState
}

/** Check a snapshot's envelope and rebuild its state; throws SnapshotError naming the key. */
export function parseTenantSnapshot(
  json: unknown,
  wallMs: number,
  factory: TenantFactory,
  sections: readonly AnyStateSection[],
): ParsedSnapshot {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new SnapshotError('the snapshot must be a JSON object')
  const problem = snapshotProblem(json, sections)
  if (problem !== null) throw new SnapshotError(problem)
  const o = json as Record<string, unknown>
  if (o.format !== TENANT_SNAPSHOT_FORMAT) throw new SnapshotError(`/format must be "${TENANT_SNAPSHOT_FORMAT}"`)
  if (typeof o.tenant_id !== 'string') throw new SnapshotError('/tenant_id must be a string')
  if (!Number.isInteger(o.seed)) throw new SnapshotError('/seed must be an integer')
  if (o.members !== null && !Number.isInteger(o.members)) throw new SnapshotError('/members must be an integer or null')
  const c = o.clock as Record<string, unknown> | undefined
  if (typeof c !== 'object' || c === null) throw new SnapshotError('/clock must be an object')
  if (c.mode !== 'real' && c.mode !== 'manual') throw new SnapshotError('/clock/mode must be "real" or "manual"')
  if (typeof c.now !== 'number' || !Number.isFinite(c.now)) throw new SnapshotError('/clock/now must be a number')
  const speed = c.speed === undefined ? 1 : c.speed
  if (typeof speed !== 'number' || !(speed > 0)) throw new SnapshotError('/clock/speed must be a positive number')
  if (!Array.isArray(o.random) || o.random.length !== 4 || !o.random.every(Number.isInteger)) {
    throw new SnapshotError('/random must be four integers')
  }
  let restored: PartialTenantState
  try {
    restored = factory.restore(o.state, o.scenario)
  } catch (e) {
    throw new SnapshotError(`/state: ${(e as Error).message}`)
  }
  const seed = o.seed as number
  const members = o.members === null ? undefined : (o.members as number)
  const state = ensureSections(restored, sections, Math.floor(c.now), { seed, members })
  // What cannot be saved again must not be loaded: export the rebuilt state once.
  try {
    factory.snapshot(state)
  } catch (e) {
    throw new SnapshotError(`/state cannot be saved again: ${(e as Error).message}`)
  }
  const mode = c.mode as ClockMode
  let now = c.now
  // A real clock keeps following wall time across the export/import gap.
  if (mode === 'real' && typeof c.wall_ms === 'number') now += Math.max(0, (wallMs - c.wall_ms) / 1000) * speed
  return {
    tenantId: o.tenant_id,
    seed,
    members,
    clock: { mode, now: Math.floor(now), speed },
    initialClock: initialClockOf(o.initial_clock) ?? { mode, now: Math.floor(now), speed },
    random: o.random as number[],
    scenario: o.scenario,
    state,
  }
}

/** The `initial_clock` of a snapshot (its shape checked by the snapshot schema), or undefined. */
function initialClockOf(json: unknown): ClockState | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const c = json as { mode: ClockMode; now: number; speed?: number }
  return { mode: c.mode, now: Math.floor(c.now), speed: c.speed ?? 1 }
}
