import type { Account, ApiToken } from './account.js'
import { ensureSections, type AnyStateSection } from './state-section.js'
import type { TenantFactory } from './tenant-factory.js'
import type { TenantScenario, TenantState } from './tenant-state.js'
import { createClock, type ClockOptions, type ClockState, type TenantClock, type WallClock } from './clock.js'
import { FaultTable } from './faults.js'
import { Journal } from './journal.js'
import { createRandom, randomHex } from './random.js'
import { createScheduler } from './scheduler.js'
import type { TickHook } from './tick-hook.js'
import type { TenantRuntime } from './tenant-runtime.js'
import { shareSections } from './tenant-fork.js'

export const DEFAULT_TENANT_ID = 'default'

export interface TenantSpec {
  scenario: TenantScenario
  seed: number
  members?: number | undefined
  clock?: ClockOptions
  /** A restored tenant's creation clock (default: its clock as it starts here). */
  initialClock?: ClockState | undefined
}

/**
 * Tenants whose clock started at the wall clock's time (no `now` from an option or the
 * scenario): a reset sets such a clock in real mode to the wall clock's time again, not back
 * to the instant the tenant was created, which would leave it behind by the tenant's age.
 */
const startedAtWall = new WeakSet<TenantRuntime>()

/** A token's tenant and account (shared between calls: read only). */
export interface Caller {
  readonly tenant: TenantRuntime
  readonly account: Account | null
}

/** Every tenant of one engine and the token → tenant index. */
export class TenantRegistry {
  private readonly tenants = new Map<string, TenantRuntime>()
  private readonly byToken = new Map<string, TenantRuntime>()
  private generationCount = 0
  /** resolve's last token, its answer and the generation it was found in. */
  private lastToken: string | undefined = undefined
  private lastCaller: Caller | null = null
  private lastGeneration = -1

  constructor(
    private readonly wall: WallClock,
    private readonly hooks: readonly TickHook[],
    private readonly sections: readonly AnyStateSection[],
    private readonly factory: TenantFactory,
    private readonly journalSize: number,
  ) {}

  /**
   * Changes whenever a token, tenant or tenant state is added, removed or replaced (the
   * (un)indexing every such change goes through): while it stays the same, `resolve` of a
   * token gives the same tenant and account as before.
   */
  get generation(): number {
    return this.generationCount
  }

  get(id: string): TenantRuntime | undefined {
    return this.tenants.get(id)
  }

  get default(): TenantRuntime {
    return this.tenants.get(DEFAULT_TENANT_ID)!
  }

  all(): TenantRuntime[] {
    return [...this.tenants.values()]
  }

  /**
   * The tenant and account of a bearer token, or null when the token is unknown. The last
   * answer is kept with the generation it was found in: a client sends the same token on
   * every call, and the answer stays the same while the generation does.
   */
  resolve(token: string): Caller | null {
    if (token === this.lastToken && this.lastGeneration === this.generationCount) return this.lastCaller
    const caller = this.find(token)
    this.lastToken = token
    this.lastCaller = caller
    this.lastGeneration = this.generationCount
    return caller
  }

  private find(token: string): Caller | null {
    const tenant = this.byToken.get(token)
    if (!tenant) return null
    const tok = tenant.state.tokens.get(token)
    if (!tok) return null
    return { tenant, account: tenant.state.accounts.get(tok.accountId) ?? null }
  }

  /**
   * Build a tenant from a scenario. The default tenant keeps the scenario's token values
   * (`krs-all` is literally "krs-all"); any other tenant gets the same names with fresh
   * random values.
   */
  create(id: string, spec: TenantSpec, restored?: { state: TenantState; random: readonly number[] }): TenantRuntime {
    if (this.tenants.has(id)) throw new Error(`tenant ${id} exists`)
    const clock = createClock(this.wall, this.factory.clockOptions(spec.clock ?? {}, spec.scenario))
    const runtime = this.runtime(id, spec.scenario, spec.seed, spec.members, clock, spec.initialClock)
    if (
      !restored &&
      spec.initialClock === undefined &&
      this.factory.clockOptions(spec.clock ?? {}, spec.scenario).now === undefined
    )
      startedAtWall.add(runtime)
    if (restored) runtime.random.setState(restored.random)
    runtime.state = restored ? restored.state : this.build(runtime, spec.scenario, new Map())
    this.index(runtime)
    this.tenants.set(id, runtime)
    return runtime
  }

  /**
   * A new tenant that shares `source`'s state until it touches it (kernel/tenant-fork.ts):
   * same scenario, seed and random state, a copy of its clock (or `clock`), its own token
   * values under the same names (`tokens` when given: a logged fork run again), an empty
   * journal and no faults. `source` is a live tenant or a template (never registered).
   */
  fork(
    id: string,
    source: Pick<TenantRuntime, 'state' | 'scenario' | 'seed' | 'members' | 'clock' | 'random'>,
    clock?: ClockOptions,
    tokens?: Readonly<Record<string, string>>,
  ): TenantRuntime {
    if (this.tenants.has(id)) throw new Error(`tenant ${id} exists`)
    const parent = source.state
    const state = {
      id,
      environmentName: parent.environmentName,
      tokens: new Map<string, ApiToken>(),
    } as TenantState
    if (parent.scenario !== undefined) state.scenario = parent.scenario
    for (const tok of parent.tokens.values()) {
      const value = tokens?.[tok.name] ?? `${tok.name}.${id}.${randomHex(8)}`
      state.tokens.set(value, { ...tok, token: value })
    }
    shareSections(parent, state, this.sections)
    const runtime = this.runtime(
      id,
      source.scenario,
      source.seed,
      source.members,
      createClock(this.wall, clock ?? source.clock.state()),
    )
    runtime.random.setState(source.random.getState())
    runtime.state = state
    this.index(runtime)
    this.tenants.set(id, runtime)
    return runtime
  }

  /**
   * A tenant built from a scenario but not registered: no token of it answers, nothing
   * writes it; it is only forked (templates).
   */
  detached(id: string, spec: TenantSpec): TenantRuntime {
    const clock = createClock(this.wall, this.factory.clockOptions(spec.clock ?? {}, spec.scenario))
    const runtime = this.runtime(id, spec.scenario, spec.seed, spec.members, clock)
    runtime.state = this.build(runtime, spec.scenario, new Map())
    return runtime
  }

  /** A tenant without state yet. */
  private runtime(
    id: string,
    scenario: TenantScenario,
    seed: number,
    members: number | undefined,
    clock: TenantClock,
    initialClock: ClockState = clock.state(),
  ): TenantRuntime {
    const random = createRandom(seed)
    const runtime: TenantRuntime = {
      id,
      isDefault: id === DEFAULT_TENANT_ID,
      state: undefined as unknown as TenantState,
      scenario,
      seed,
      members,
      clock,
      initialClock,
      random,
      scheduler: createScheduler(() => runtime.state, clock, random, this.hooks),
      journal: undefined as unknown as Journal,
      faults: new FaultTable(),
    }
    // made on first use: a fork that answers nothing (most of a thousand idle ones) needs none
    const size = this.journalSize
    Object.defineProperty(runtime, 'journal', {
      configurable: true,
      enumerable: true,
      get() {
        const journal = new Journal(size)
        Object.defineProperty(runtime, 'journal', { value: journal, enumerable: true })
        return journal
      },
    })
    return runtime
  }

  /**
   * Rebuild a tenant's state from a scenario; its token values stay the same by name. Unless
   * `keepClock`, the clock goes back to the tenant's creation clock first (a new scenario's own
   * `now` moves that start), so the rebuilt data is dated as when it was created; a real clock
   * that started at the wall clock's time starts there again (startedAtWall).
   */
  reset(t: TenantRuntime, scenario: TenantScenario, seed = t.seed, members = t.members, keepClock = false): void {
    if (!keepClock) {
      if (scenario !== t.scenario) {
        const start = this.factory.clockOptions({ mode: t.initialClock.mode, speed: t.initialClock.speed }, scenario)
        if (start.now !== undefined) {
          t.initialClock = { mode: start.mode ?? 'manual', now: start.now, speed: t.initialClock.speed }
          startedAtWall.delete(t)
        }
      }
      const atWall = startedAtWall.has(t) && t.initialClock.mode === 'real'
      setClock(t.clock, atWall ? { ...t.initialClock, now: Math.floor(this.wall() / 1000) } : t.initialClock)
    }
    const previous = new Map<string, string>()
    for (const tok of t.state.tokens.values()) previous.set(tok.name, tok.token)
    this.unindex(t)
    t.scenario = scenario
    t.seed = seed
    t.members = members
    t.random.setState(createRandom(seed).getState())
    try {
      t.state = this.build(t, scenario, previous)
    } finally {
      this.index(t)
    }
    t.journal.clear()
    t.faults.clear()
  }

  /** Replace a tenant's whole state (snapshot import); refuses tokens of other tenants. */
  replaceState(t: TenantRuntime, state: TenantState): void {
    for (const token of state.tokens.keys()) {
      const owner = this.byToken.get(token)
      if (owner && owner !== t) throw new TokenTakenError(token)
    }
    this.unindex(t)
    t.state = state
    this.index(t)
  }

  remove(t: TenantRuntime): void {
    this.unindex(t)
    this.tenants.delete(t.id)
  }

  private build(t: TenantRuntime, scenario: TenantScenario, previous: Map<string, string>): TenantState {
    const opts: { seed: number; members?: number; now: number } = { seed: t.seed, now: t.clock.now() }
    if (t.members !== undefined) opts.members = t.members
    const state = ensureSections(this.factory.build(t.id, scenario, opts), this.sections, opts.now, opts)
    if (t.isDefault) return state
    const rekeyed = new Map<string, ApiToken>()
    for (const tok of state.tokens.values()) {
      const value = previous.get(tok.name) ?? `${tok.name}.${t.id}.${randomHex(8)}`
      rekeyed.set(value, { ...tok, token: value })
    }
    state.tokens = rekeyed
    return state
  }

  private index(t: TenantRuntime): void {
    for (const token of t.state.tokens.keys()) {
      const owner = this.byToken.get(token)
      if (owner && owner !== t) throw new TokenTakenError(token)
    }
    for (const token of t.state.tokens.keys()) this.byToken.set(token, t)
    this.generationCount++
  }

  private unindex(t: TenantRuntime): void {
    for (const [token, owner] of this.byToken) if (owner === t) this.byToken.delete(token)
    this.generationCount++
  }
}

/** Put a clock in a given state (mode, time, speed). */
export function setClock(clock: TenantClock, to: ClockState): void {
  clock.setMode('manual')
  clock.set(to.now)
  clock.setSpeed(to.speed)
  clock.setMode(to.mode)
}

export class TokenTakenError extends Error {
  constructor(readonly token: string) {
    super(`token ${token} already belongs to another tenant`)
  }
}

/** A fresh tenant id (`t_` + 12 hex digits from the platform CSPRNG). */
export function newTenantId(): string {
  return `t_${randomHex(6)}`
}
