import type { ClockOptions } from './clock.js'
import type { RawRequest, RawResponse } from './raw-http.js'
import type { EngineStateFile, TenantSnapshot } from './snapshot.js'
import type { TenantRuntime } from './tenant-runtime.js'
import type { LogRecord } from './write-record.js'
import type { ReplayReport } from './write-replay.js'

// What an engine offers its doors and the admin routes; apart from createKernel (which builds
// one from the modules), so that what the modules' admin routes see imports no module type.

export interface CreateTenantOptions {
  scenario?: unknown
  seed?: number
  members?: number
  clock?: ClockOptions
  /**
   * Fork this tenant (a tenant id) or template (a name from `createTemplate`) instead of
   * building from a scenario: the fork shares its state until it writes (not with
   * `scenario`, `seed` or `members`); `clock` changes the copy of the source's clock.
   */
  from?: string
}

export interface CreateTemplateOptions {
  scenario?: unknown
  seed?: number
  members?: number
}

/** The emulator: one store per engine, never a module singleton. */
/** A tenant entry of a saved state that did not load (`Engine.importState`). */
export interface RejectedTenant {
  /** Its index in the file's `tenants`. */
  index: number
  /** Its `tenant_id`, when it has a readable one. */
  tenantId: string | null
  /** What is wrong, starting with the JSON pointer inside the entry (`/clock/speed must be ...`). */
  message: string
  entry: unknown
}

export interface Engine {
  /** The Fetch-standard handler (the MSW and in-process doors). */
  handle(request: Request): Promise<Response>
  /**
   * The answer to an API request that is refused whatever its body (method, API name,
   * content type, declared size, token), journaled; null when the body is needed (and for
   * every admin or unrouted path). A door calls it before reading the body (`bodyText` ''),
   * so an anonymous body is never kept. A door that then hands the same request object, its
   * body filled in, to `respond` has it admitted once: the checks are not run again unless a
   * tenant or token changed in between.
   */
  admit(request: RawRequest): RawResponse | null
  /**
   * The whole pipeline without Fetch objects: answers synchronously when it can (no fault
   * delay, no asynchronous handler, no admin call) and returns a promise otherwise; it may
   * also throw (a bug: the door answers 500). The Node door's path.
   */
  respond(request: RawRequest): RawResponse | Promise<RawResponse>
  readonly defaultTenant: TenantRuntime
  tenant(id: string): TenantRuntime | undefined
  tenants(): TenantRuntime[]
  /** Throws UnknownSourceError when `from` names neither a tenant nor a template. */
  createTenant(opts?: CreateTenantOptions): TenantRuntime
  /**
   * Build a state once from a scenario and keep it frozen under `name`, to fork with
   * `createTenant({ from: name })`. Throws TemplateError on a taken or bad name.
   */
  createTemplate(name: string, opts?: CreateTemplateOptions): void
  /** Names of the templates. */
  templates(): string[]
  /**
   * Rebuild a tenant from its scenario (or a new one); tokens stay, the clock goes back to the
   * tenant's creation clock unless `keepClock`.
   */
  resetTenant(
    t: TenantRuntime,
    opts?: { scenario?: unknown; seed?: number; members?: number; keepClock?: boolean },
  ): void
  deleteTenant(t: TenantRuntime): void
  /** One tenant's whole state as JSON (`GET /__mock/snapshot`). */
  exportTenant(t: TenantRuntime): TenantSnapshot
  /** Replace one tenant's state with a snapshot (it keeps its id); throws SnapshotError. */
  importTenant(t: TenantRuntime, json: unknown): void
  /**
   * Every tenant as JSON (persistence). A tenant whose export throws is left out and
   * reported to `onTenantError` (it throws when none is given), so one broken tenant cannot
   * stop the others from being saved.
   */
  exportState(opts?: { onTenantError?: (t: TenantRuntime, error: unknown) => void }): EngineStateFile
  /**
   * Replace every tenant with a saved state. A tenant that does not load throws SnapshotError,
   * unless `onRejected` is given: then it is reported (with the JSON pointer inside its entry)
   * and left out, the others are loaded, and a rejected default tenant is the one the engine
   * was built with.
   */
  importState(json: unknown, opts?: { onRejected?: (rejected: RejectedTenant) => void }): void
  /** Run logged writes again over the loaded state (start-up of `--data-dir`). */
  replayWrites(records: Iterable<LogRecord>): Promise<ReplayReport>
  /** Increments whenever persisted state may have changed. */
  readonly changes: number
  readonly validateResponses: boolean
  /** Largest request body accepted, in bytes (413 above). */
  readonly maxBodyBytes: number
  /** `publicUrl` of the options (no trailing slash), or null: links follow the caller's origin. */
  readonly publicUrl: string | null
}
