import type { ClockOptions } from './clock.js'
import type { CreateTenantOptions, Engine } from './engine.js'
import type { EngineInternals } from './engine-internals.js'
import {
  ENGINE_STATE_FORMAT,
  exportTenant,
  parseTenantSnapshot,
  SnapshotError,
  type EngineStateFile,
  type ParsedSnapshot,
  type TenantSnapshot,
} from './snapshot.js'
import type { AnyStateSection } from './state-section.js'
import type { TenantFactory } from './tenant-factory.js'
import { DEFAULT_TENANT_ID, newTenantId, setClock, type TenantSpec } from './tenant-registry.js'
import { type TenantRuntime, tokensByName } from './tenant-runtime.js'
import type { ForkRecord, TemplateSpec } from './write-record.js'
import type { TenantScenario } from './tenant-state.js'
import { replayWrites } from './write-replay.js'

/** The engine's inside as its tenant and state entries see it (createKernel builds it). */
export type Internals = EngineInternals & {
  changes: number
  readonly sections: readonly AnyStateSection[]
  /** The changes of the admin call under way that the log can keep as records (forks of live tenants). */
  logged: ForkRecord[]
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

type TenantEntries = Pick<
  Engine,
  'createTenant' | 'createTemplate' | 'templates' | 'resetTenant' | 'deleteTenant' | 'exportTenant' | 'importTenant'
>

/** Tenants and templates: create, fork, reset, delete, one tenant's snapshot out and in. */
export function tenantEntries(factory: TenantFactory, internals: Internals): TenantEntries {
  const { registry, wall, defaults } = internals
  /** Frozen tenants to fork (createTemplate); not saved, never answering a token. */
  const templates = new Map<string, TenantRuntime>()
  /** How each template was built, for the fork records of the log. */
  const templateSpecs = new Map<string, TemplateSpec>()
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
    if (internals.persistence) {
      const record: ForkRecord = { kind: 'fork', tenant: t.id, from, clock, tokens: tokensByName(t) }
      // a template fork is logged with what the template was built from
      if (registry.get(from) !== source) record.template = templateSpecs.get(from)!
      internals.logged.push(record)
    }
    return t
  }
  const scenarioOf = (json: unknown, fallback: TenantScenario): TenantScenario =>
    json === undefined ? fallback : factory.parseScenario(json)
  return {
    createTenant(opts = {}) {
      const t = opts.from !== undefined ? forkTenant(opts.from, opts) : newTenant(internals, factory, opts)
      internals.markChanged()
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
        scenario: scenarioOf(opts.scenario, registry.default.scenario),
        seed: opts.seed ?? defaults.seed,
        members: opts.members ?? defaults.members,
        clock: registry.default.clock.state(),
      }
      templates.set(name, registry.detached(`template:${name}`, spec))
      templateSpecs.set(name, templateSpecOf(spec))
    },
    templates: () => [...templates.keys()],
    resetTenant(t, opts = {}) {
      const next = scenarioOf(opts.scenario, t.scenario)
      registry.reset(t, next, opts.seed ?? t.seed, opts.members ?? t.members, opts.keepClock ?? false)
      internals.markChanged()
    },
    deleteTenant(t) {
      if (t.isDefault) throw new Error('the default tenant cannot be deleted')
      registry.remove(t)
      internals.markChanged()
    },
    exportTenant: (t) => exportTenant(t, wall(), factory),
    importTenant(t, json) {
      const snap = parseTenantSnapshot(json, wall(), factory, internals.sections)
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
      internals.markChanged()
    },
  }
}

/** What a template was built from, as a fork record keeps it. */
function templateSpecOf(spec: TenantSpec): TemplateSpec {
  return { scenario: spec.scenario, seed: spec.seed, members: spec.members ?? null, clock: { ...spec.clock } }
}

/** A tenant built from a scenario (the default tenant's unless one is given). */
function newTenant(internals: Internals, factory: TenantFactory, opts: CreateTenantOptions): TenantRuntime {
  const { registry, defaults } = internals
  const tenantScenario = opts.scenario === undefined ? registry.default.scenario : factory.parseScenario(opts.scenario)
  // a scenario that pins `now` gets a fixed clock unless a mode is asked for
  const pinned = opts.scenario !== undefined && tenantScenario.now !== undefined && opts.clock?.now === undefined
  // the scenario's own `now` wins over the engine's start time (clockWithScenarioNow)
  const now = opts.clock?.now ?? (pinned ? undefined : defaults.clockNow)
  return registry.create(newTenantId(), {
    scenario: tenantScenario,
    seed: opts.seed ?? defaults.seed,
    members: opts.members ?? defaults.members,
    clock: {
      mode: opts.clock?.mode ?? (pinned ? 'manual' : defaults.clockMode),
      speed: opts.clock?.speed ?? defaults.clockSpeed,
      ...(now !== undefined ? { now } : {}),
    },
  })
}

/** Every tenant out and in (persistence) and the replay of logged writes. */
export function stateEntries(
  factory: TenantFactory,
  internals: Internals,
): Pick<Engine, 'exportState' | 'importState' | 'replayWrites'> {
  const { registry, wall } = internals
  return {
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
          parsed.push(parseTenantSnapshot(entry, wall(), factory, internals.sections))
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
      for (const p of parsed) restoreTenant(internals, p)
    },
    async replayWrites(records) {
      internals.replaying = true
      try {
        return await replayWrites(internals, records)
      } finally {
        internals.replaying = false
      }
    },
  }
}

function restoreTenant(internals: Internals, p: ParsedSnapshot): void {
  p.state.id = p.tenantId
  internals.registry.create(
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
