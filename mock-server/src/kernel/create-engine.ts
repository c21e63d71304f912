import type { AdminHandler } from './admin-handler.js'
import type { CreateTemplateOptions, CreateTenantOptions, Engine } from './engine.js'
import type { HandlerTable } from './handler-table.js'
import type { EmulatorModule } from './module.js'
import type { TenantFactory } from './tenant-factory.js'
import type { TenantScenario } from './tenant-state.js'
import { apiNameOf } from './api-route.js'
import type { ClockOptions } from './clock.js'
import type { EngineContext } from './context.js'
import type { EngineInternals, EngineLogger } from './engine-internals.js'
import { errorResponse } from './error-response.js'
import { fromFetchRequest, toFetchResponse } from './fetch-adapter.js'
import type { RawRequest, RawResponse } from './raw-http.js'
import type { OperationName } from '@krs-kit/contract/operation-names'
import type { TextContentTypes } from './text-content-type.js'
import {
  handleApi,
  refuseBeforeBody as refuseBeforeBody_,
  requestIdOf,
  thenWithRequestId,
  withRequestId,
} from './pipeline.js'
import {
  ENGINE_STATE_FORMAT,
  exportTenant,
  parseTenantSnapshot,
  SnapshotError,
  type EngineStateFile,
  type ParsedSnapshot,
  type TenantSnapshot,
} from './snapshot.js'
import { DEFAULT_TENANT_ID, newTenantId, setClock, TenantRegistry, type TenantSpec } from './tenant-registry.js'
import type { TenantRuntime } from './tenant-runtime.js'
import type { TickHook } from './tick-hook.js'
import type { AnyStateSection } from './state-section.js'
import type { PersistenceHook } from './write-record.js'
import { replayWrites } from './write-replay.js'
import { lazyDependenciesReady, loadLazyDependencies } from '../lib/lazy-dependency.js'

export type { CreateTemplateOptions, CreateTenantOptions, Engine }

/** 60 MB: the largest body the emulator reads (KRSKIT_PAYLOAD_TOO_LARGE above it). */
export const MAX_BODY_BYTES = 60 * 1024 * 1024

export interface EngineOptions {
  /** Scenario of the default tenant (JSON-like object; parsed). Default: the embedded one. */
  scenario?: unknown
  /** Seed of generated members and of the random source (default 1). */
  seed?: number
  /** Number of generated members (default: the scenario's). */
  members?: number
  /** Clock of the default tenant; created tenants start the same way (mode, speed, start time). */
  clock?: ClockOptions
  /**
   * Check every response against the contract (default: off, unless the environment
   * variable KRS_MOCK_VALIDATE_RESPONSES is 1 or NODE_ENV is test). Tests turn it on.
   */
  validateResponses?: boolean
  /** Journal entries kept per tenant (default 500). */
  journalSize?: number
  /** Wall clock in ms (default Date.now); tests inject one. */
  wallClock?: () => number
  logger?: EngineLogger
  /** Replace handlers (tests of the pipeline itself). */
  handlers?: Partial<HandlerTable>
  /** Timed transitions (default: the domains' hooks). */
  tickHooks?: readonly TickHook[]
  maxBodyBytes?: number
  /**
   * Base of the links the emulator writes (`--public-url`): click, open and unsubscribe links
   * of the outbox and the `base_url` of new tenants. Default: the origin the caller used.
   */
  publicUrl?: string
  /**
   * A store that keeps the state (`krs-mock --data-dir`): the kernel hands it every accepted
   * API write and every admin change before answering them. Default: none (state in memory).
   */
  persistence?: PersistenceHook
  /**
   * How the host process stops (krs-mock): `POST /__mock/shutdown` from a loopback address
   * answers, then calls it. Default: none, and the route answers 501 (MSW, in-process).
   */
  onShutdownRequest?: () => void
}

function defaultValidateResponses(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  return env?.KRS_MOCK_VALIDATE_RESPONSES === '1' || env?.NODE_ENV === 'test'
}

const consoleLogger: EngineLogger = {
  error: (message, error) => console.error(`[krs-mock] ${message}`, error ?? ''),
  warn: (message) => console.warn(`[krs-mock] ${message}`),
}

/**
 * What the composition root (src/emulator.ts) gives the kernel: the modules, their merged
 * handler table, the admin router and the way tenants are built from scenarios.
 */
export interface EmulatorDefinition {
  readonly modules: readonly EmulatorModule<never>[]
  readonly handlers: HandlerTable
  readonly admin: AdminHandler
  readonly tenants: TenantFactory
}

export function createKernel(def: EmulatorDefinition, options: EngineOptions = {}): Engine {
  const wall = options.wallClock ?? Date.now
  const hooks = options.tickHooks ?? def.modules.flatMap((m) => (m.tickHook ? [m.tickHook] : []))
  const sections: readonly AnyStateSection[] = def.modules.flatMap((m) => m.sections ?? [])
  const factory = def.tenants
  const { parseScenario } = factory
  const registry = new TenantRegistry(wall, hooks, sections, factory, options.journalSize ?? 500)
  const scenario: TenantScenario =
    options.scenario === undefined ? factory.defaultScenario() : parseScenario(options.scenario)
  const seed = options.seed ?? 1
  let requestCounter = 0
  let changes = 0

  const validateResponses = options.validateResponses ?? defaultValidateResponses()
  const internals: EngineInternals = {
    registry,
    handlers: options.handlers ? { ...def.handlers, ...options.handlers } : def.handlers,
    textContentTypes: textContentTypesOf(def.modules),
    validateResponses,
    jsonAnswers: validateResponses ? {} : jsonAnswersOf(def.modules, options.handlers),
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    logger: options.logger ?? consoleLogger,
    wall,
    hooks,
    defaults: {
      seed,
      members: options.members,
      clockMode: options.clock?.mode ?? 'real',
      clockSpeed: options.clock?.speed ?? 1,
      clockNow: options.clock?.now,
    },
    nextRequestId: () => `req_${String(++requestCounter).padStart(6, '0')}`,
    markChanged: () => {
      changes++
    },
    persistence: options.persistence ?? null,
    replaying: false,
    shutdown: options.onShutdownRequest ?? null,
    startedAt: wall(),
  }

  /** Frozen tenants to fork (createTemplate); not saved, never answering a token. */
  const templates = new Map<string, TenantRuntime>()
  const forkTenant = (from: string, opts: CreateTenantOptions): TenantRuntime => {
    if (opts.scenario !== undefined || opts.seed !== undefined || opts.members !== undefined)
      throw new TypeError('createTenant: `from` forks a state as it is; it takes no scenario, seed or members')
    const source = registry.get(from) ?? templates.get(from)
    if (!source) throw new UnknownSourceError(from)
    const clock: ClockOptions = source.clock.state()
    if (opts.clock?.mode !== undefined) clock.mode = opts.clock.mode
    if (opts.clock?.now !== undefined) clock.now = opts.clock.now
    if (opts.clock?.speed !== undefined) clock.speed = opts.clock.speed
    const t = registry.fork(newTenantId(), source, clock)
    changes++
    return t
  }

  registry.create(DEFAULT_TENANT_ID, { scenario, seed, members: options.members, clock: options.clock ?? {} })

  // Every answer (API and admin, success and error) carries the request's id; API calls
  // are journaled under the same id. Synchronous on the common path: a promise only when an
  // admin route or a handler is asynchronous, or a fault delays the answer.
  const respond = (req: RawRequest): RawResponse | Promise<RawResponse> => {
    // off Node, the packages loaded on first use are imported before the first answer
    if (!lazyDependenciesReady()) return loadLazyDependencies().then(() => respond(req))
    const requestId = requestIdOf(internals, req)
    const path = req.path
    if (path === '/__mock' || path.startsWith('/__mock/')) {
      if (req.adminAllowed === false) return withRequestId(adminForbidden(), requestId)
      const store = internals.persistence
      if (!store) return thenWithRequestId(def.admin(engine, internals, req), requestId)
      // An admin call that changed state is handed to the store before it is answered.
      const before = changes
      const answered = def.admin(engine, internals, req).then(async (out) => {
        if (changes !== before) await store.onAdminChange()
        return out
      })
      return thenWithRequestId(answered, requestId)
    }
    const name = apiNameOf(path)
    if (name === null)
      return withRequestId(errorResponse('KR_API_F0012', `no API at ${path}; call POST /api/v1/{api_name}`), requestId)
    return thenWithRequestId(handleApi(internals, req, name, requestId), requestId)
  }

  const refuseBeforeBody = (req: RawRequest): RawResponse | null => {
    const path = req.path
    if (path === '/__mock' || path.startsWith('/__mock/')) return null
    const name = apiNameOf(path)
    if (name === null) return null
    let requestId = ''
    const out = refuseBeforeBody_(internals, req, name, () => (requestId = requestIdOf(internals, req)))
    return out && withRequestId(out, requestId)
  }

  const handleRaw = (req: RawRequest): Promise<RawResponse> => {
    try {
      return Promise.resolve(respond(req))
    } catch (e) {
      return Promise.reject(e as Error)
    }
  }

  const engine: Engine = {
    handleRaw,
    respond,
    refuseBeforeBody,
    async handle(request) {
      const raw = await fromFetchRequest(request)
      return toFetchResponse(await handleRaw(raw))
    },
    get defaultTenant() {
      return registry.default
    },
    tenant: (id) => registry.get(id),
    tenants: () => registry.all(),
    createTenant(opts = {}) {
      if (opts.from !== undefined) return forkTenant(opts.from, opts)
      const tenantScenario = opts.scenario === undefined ? registry.default.scenario : parseScenario(opts.scenario)
      // a scenario that pins `now` gets a fixed clock unless a mode is asked for
      const pinned = opts.scenario !== undefined && tenantScenario.now !== undefined && opts.clock?.now === undefined
      const t = registry.create(newTenantId(), {
        scenario: tenantScenario,
        seed: opts.seed ?? seed,
        members: opts.members ?? options.members,
        clock: {
          mode: opts.clock?.mode ?? (pinned ? 'manual' : internals.defaults.clockMode),
          speed: opts.clock?.speed ?? internals.defaults.clockSpeed,
          // the scenario's own `now` wins over the engine's start time (clockWithScenarioNow)
          ...((opts.clock?.now ?? (pinned ? undefined : internals.defaults.clockNow)) !== undefined
            ? { now: opts.clock?.now ?? internals.defaults.clockNow }
            : {}),
        },
      })
      changes++
      return t
    },
    createTemplate(name, opts = {}) {
      if (!TEMPLATE_NAME.test(name) || name === DEFAULT_TENANT_ID || name.startsWith('t_'))
        throw new TemplateError(
          `template name ${JSON.stringify(name)}: use a-z, 0-9, _ and -, starting with a letter, not "default" nor "t_..."`,
          'bad_name',
        )
      if (templates.has(name)) throw new TemplateError(`template ${name} exists`, 'exists')
      const spec: TenantSpec = {
        scenario: opts.scenario === undefined ? registry.default.scenario : parseScenario(opts.scenario),
        seed: opts.seed ?? seed,
        members: opts.members ?? options.members,
        clock: registry.default.clock.state(),
      }
      templates.set(name, registry.detached(`template:${name}`, spec))
    },
    templates: () => [...templates.keys()],
    resetTenant(t, opts = {}) {
      const next = opts.scenario === undefined ? t.scenario : parseScenario(opts.scenario)
      registry.reset(t, next, opts.seed ?? t.seed, opts.members ?? t.members, opts.keepClock ?? false)
      changes++
    },
    deleteTenant(t) {
      if (t.isDefault) throw new Error('the default tenant cannot be deleted')
      registry.remove(t)
      changes++
    },
    exportTenant: (t) => exportTenant(t, wall(), factory),
    importTenant(t, json) {
      const snap = parseTenantSnapshot(json, wall(), factory, sections)
      snap.state.id = t.id
      registry.replaceState(t, snap.state)
      t.scenario = snap.scenario as TenantScenario
      t.seed = snap.seed
      t.members = snap.members
      t.random.setState(snap.random)
      setClock(t.clock, snap.clock)
      t.initialClock = snap.initialClock
      t.journal.clear()
      t.faults.clear()
      changes++
    },
    exportState(opts = {}) {
      const now = wall()
      const tenants: TenantSnapshot[] = []
      for (const t of registry.all()) {
        try {
          tenants.push(exportTenant(t, now, factory))
        } catch (e) {
          if (!opts.onTenantError) throw e
          opts.onTenantError(t, e)
        }
      }
      return { format: ENGINE_STATE_FORMAT, saved_at: new Date(now).toISOString(), tenants }
    },
    importState(json, opts = {}) {
      const o = json as Partial<EngineStateFile> | null
      if (typeof o !== 'object' || o === null || o.format !== ENGINE_STATE_FORMAT || !Array.isArray(o.tenants)) {
        throw new SnapshotError(`the state file must have format "${ENGINE_STATE_FORMAT}" and a tenants array`)
      }
      const { onRejected } = opts
      const parsed: ParsedSnapshot[] = []
      o.tenants.forEach((entry: unknown, index) => {
        try {
          parsed.push(parseTenantSnapshot(entry, wall(), factory, sections))
        } catch (e) {
          const message = (e as Error).message
          if (!onRejected) throw new SnapshotError(`/tenants/${index}${message}`)
          const id = (entry as { tenant_id?: unknown } | null)?.tenant_id
          onRejected({ index, tenantId: typeof id === 'string' ? id : null, message, entry })
        }
      })
      const keepsDefault = parsed.some((p) => p.tenantId === DEFAULT_TENANT_ID)
      if (!keepsDefault && !onRejected) throw new SnapshotError('the state file has no default tenant')
      for (const t of registry.all()) if (keepsDefault || !t.isDefault) registry.remove(t)
      for (const p of parsed) {
        p.state.id = p.tenantId
        registry.create(
          p.tenantId,
          {
            scenario: p.scenario as TenantScenario,
            seed: p.seed,
            members: p.members,
            clock: p.clock,
            initialClock: p.initialClock,
          },
          { state: p.state, random: p.random },
        )
      }
    },
    async replayWrites(records) {
      internals.replaying = true
      try {
        return await replayWrites(internals, records)
      } finally {
        internals.replaying = false
      }
    },
    get changes() {
      return changes
    },
    get validateResponses() {
      return internals.validateResponses
    },
    get maxBodyBytes() {
      return internals.maxBodyBytes
    },
    publicUrl: options.publicUrl ? options.publicUrl.replace(/\/+$/, '') : null,
  }
  return engine
}

const TEMPLATE_NAME = /^[a-z][a-z0-9_-]{0,63}$/

/** `createTenant({ from })` names neither a tenant nor a template. */
export class UnknownSourceError extends Error {
  override readonly name = 'UnknownSourceError'
  constructor(readonly source: string) {
    super(`from: ${JSON.stringify(source)} is neither a tenant id nor a template name`)
  }
}

/** A template name that is taken (`exists`) or not allowed (`bad_name`). */
export class TemplateError extends Error {
  override readonly name = 'TemplateError'
  constructor(
    message: string,
    readonly reason: 'exists' | 'bad_name',
  ) {
    super(message)
  }
}

/** The modules' JSON-text answers, but none for an operation whose handler the options replace. */
function jsonAnswersOf(
  modules: readonly EmulatorModule<never>[],
  replaced: Partial<HandlerTable> | undefined,
): EngineInternals['jsonAnswers'] {
  const out: Partial<Record<OperationName, (ctx: EngineContext, body: unknown) => string>> = {}
  for (const m of modules) Object.assign(out, m.jsonAnswers)
  for (const op of Object.keys(replaced ?? {})) delete out[op as OperationName]
  return out
}

function textContentTypesOf(modules: readonly EmulatorModule<never>[]): TextContentTypes {
  const out: Record<string, TextContentTypes[OperationName]> = {}
  for (const m of modules) Object.assign(out, m.textContentTypes)
  return out as TextContentTypes
}

function adminForbidden(): RawResponse {
  return {
    status: 403,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      error: 'admin_forbidden',
      message: 'the admin API answers loopback callers only (start krs-mock with --admin-remote to allow others)',
    }),
    operation: 'admin',
    errorCode: null,
    tenantId: null,
  }
}
