import type { AdminHandler } from './admin-handler.js'
import type { CreateTemplateOptions, CreateTenantOptions, Engine } from './engine.js'
import type { HandlerTable } from './handler-table.js'
import type { EmulatorModule } from './module.js'
import type { TenantFactory } from './tenant-factory.js'
import type { TenantScenario } from './tenant-state.js'
import type { ClockOptions } from './clock.js'
import type { EngineContext } from './context.js'
import type { EngineInternals, EngineLogger } from './engine-internals.js'
import { type Internals, stateEntries, tenantEntries } from './engine-tenants.js'
import { errorResponse } from './error-response.js'
import { msg, pickLanguage, renderMessage } from './messages.js'
import { fromFetchRequest, toFetchResponse } from './fetch-adapter.js'
import type { RawRequest, RawResponse } from './raw-http.js'
import type { OperationName } from '@krs-kit/contract/operation-names'
import type { TextContentTypes } from './text-content-type.js'
import { handleApi, refuseBeforeBody, requestIdOf, thenWithRequestId, withRequestId } from './pipeline.js'
import { routeOf } from './route.js'
import { DEFAULT_TENANT_ID, TenantRegistry } from './tenant-registry.js'
import { ReadBodyMemo } from './read-body-memo.js'
import { requestIdText } from './request-id.js'
import type { TickHook } from './tick-hook.js'
import type { AnyStateSection } from './state-section.js'
import type { PersistenceHook } from './write-record.js'
import { lazyDependenciesReady, loadLazyDependencies } from '../lib/lazy-dependency.js'

export { TemplateError, UnknownSourceError } from './engine-tenants.js'
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
  const internals = buildInternals(def, options)
  const { registry } = internals
  const scenario: TenantScenario =
    options.scenario === undefined ? def.tenants.defaultScenario() : def.tenants.parseScenario(options.scenario)
  registry.create(DEFAULT_TENANT_ID, {
    scenario,
    seed: internals.defaults.seed,
    members: options.members,
    clock: options.clock ?? {},
  })
  const engine: Engine = {
    ...doorEntries(def, internals, () => engine),
    ...tenantEntries(def.tenants, internals),
    ...stateEntries(def.tenants, internals),
    get defaultTenant() {
      return registry.default
    },
    tenant: (id) => registry.get(id),
    tenants: () => registry.all(),
    get changes() {
      return internals.changes
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

function buildInternals(def: EmulatorDefinition, options: EngineOptions): Internals {
  const wall = options.wallClock ?? Date.now
  const hooks = options.tickHooks ?? def.modules.flatMap((m) => (m.tickHook ? [m.tickHook] : []))
  const sections: readonly AnyStateSection[] = def.modules.flatMap((m) => m.sections ?? [])
  const registry = new TenantRegistry(wall, hooks, sections, def.tenants, options.journalSize ?? 500)
  const validateResponses = options.validateResponses ?? defaultValidateResponses()
  let requestCounter = 0
  const internals: Internals = {
    registry,
    sections,
    handlers: options.handlers ? { ...def.handlers, ...options.handlers } : def.handlers,
    textContentTypes: textContentTypesOf(def.modules),
    validateResponses,
    jsonAnswers: validateResponses ? {} : jsonAnswersOf(def.modules, options.handlers),
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    logger: options.logger ?? consoleLogger,
    wall,
    hooks,
    defaults: {
      seed: options.seed ?? 1,
      members: options.members,
      clockMode: options.clock?.mode ?? 'real',
      clockSpeed: options.clock?.speed ?? 1,
      clockNow: options.clock?.now,
    },
    nextRequestId: () => requestIdText(++requestCounter),
    readBodies: new ReadBodyMemo(),
    changes: 0,
    logged: [],
    markChanged: () => {
      internals.changes++
    },
    persistence: options.persistence ?? null,
    replaying: false,
    shutdown: options.onShutdownRequest ?? null,
    startedAt: wall(),
  }
  return internals
}

/**
 * What the doors call: `admit` before the body is read, `respond` with the body, and `handle`
 * for the Fetch doors (MSW, in process). Every answer (API and admin, success and error)
 * carries the request's id; API calls are journaled under the same id. Synchronous on the
 * common path: a promise only when an admin route or a handler is asynchronous, or a fault
 * delays the answer.
 */
function doorEntries(
  def: EmulatorDefinition,
  internals: Internals,
  engine: () => Engine,
): Pick<Engine, 'handle' | 'admit' | 'respond'> {
  const respond = (req: RawRequest): RawResponse | Promise<RawResponse> => {
    // off Node, the packages loaded on first use are imported before the first answer
    if (!lazyDependenciesReady()) return loadLazyDependencies().then(() => respond(req))
    const requestId = requestIdOf(internals, req)
    const route = routeOf(req.path)
    if (route.kind === 'admin') return thenWithRequestId(answerAdmin(def, internals, engine(), req), requestId)
    if (route.kind === 'other' || route.name === null)
      return withRequestId(
        errorResponse(
          'KR_API_F0012',
          renderMessage(msg('no_api_at_path', { path: req.path }), pickLanguage(req.header('accept-language'))),
        ),
        requestId,
      )
    return thenWithRequestId(handleApi(internals, req, route.name, requestId), requestId)
  }
  const admit = (req: RawRequest): RawResponse | null => {
    const route = routeOf(req.path)
    if (route.kind !== 'api' || route.name === null) return null
    return refuseBeforeBody(internals, req, route.name)
  }
  return {
    admit,
    respond,
    async handle(request) {
      const raw = await fromFetchRequest(request)
      return toFetchResponse(await respond(raw))
    },
  }
}

/** An admin call; one that changed state is handed to the store before it is answered. */
function answerAdmin(
  def: EmulatorDefinition,
  internals: Internals,
  engine: Engine,
  req: RawRequest,
): RawResponse | Promise<RawResponse> {
  if (req.adminAllowed === false) return adminForbidden()
  const store = internals.persistence
  if (!store) return def.admin(engine, internals, req)
  const before = internals.changes
  internals.logged = []
  return def.admin(engine, internals, req).then(async (out) => {
    const changed = internals.changes - before
    // a call whose every change is a record of the log appends them; any other saves the state
    if (changed > 0) await store.onAdminChange(internals.logged.length === changed ? internals.logged : undefined)
    internals.logged = []
    return out
  })
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
