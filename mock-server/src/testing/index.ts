/**
 * @krs-kit/mock-server/testing — the emulator inside a test suite, for any runner (Vitest,
 * Jest, Playwright, node:test): one emulator per worker, a fresh tenant per test.
 *
 * @example
 * const emulator = await createTestEmulator()          // once per worker (beforeAll)
 * const krs = await emulator.tenant()                  // once per test (beforeEach)
 * await krs.client.getMemberTables()                   // the SDK, answered in process
 * await krs.clock.advance('1h')                        // the manual clock; due deliveries run
 * console.log(krs.describe())                          // what the emulator saw (on failure)
 */
import type { KrsClient, KrsClientOptions } from '@krs-kit/sdk'
import { createEngine, type EmulatorOptions } from '../emulator.js'
import type { components } from '@krs-kit/contract/admin-schema'
import type { ClockMode } from '../kernel/clock.js'
import type { Engine } from '../kernel/create-engine.js'
import { journalEntryToJson, type JournalEntryJson } from '../kernel/journal.js'
import { type TenantRuntime, tokensByName } from '../kernel/tenant-runtime.js'
import type { NodeServerOptions, RunningServer } from '../node/node-server.js'
import { messageOf, transportOf } from './admin-call.js'
import {
  type AdminCall,
  type AdminOperationName,
  adminOperations,
  callAdminOperation,
} from '@krs-kit/contract/admin-client'
import { type Duration, durationSeconds, instantSeconds } from './duration.js'

export type { Duration, JournalEntryJson }
export {
  type AdminAnswer,
  type AdminTarget,
  callAdmin,
  createRemoteTenant,
  type CreateTenantRequest,
  type RemoteTenant,
} from './admin-call.js'

/**
 * The origin of in-process calls: the production host, so a tenant's `baseUrl`
 * (`https://krs.bz/<tenant id>`) is the shape an app's configuration already has, and
 * `createMockHandlers({ engine: emulator.engine })` (its default base) answers it under MSW.
 */
const IN_PROCESS_ORIGIN = 'https://krs.bz'

export interface TestClockOptions {
  /** `manual` (default): time moves only through `krs.clock`; `real` follows the wall clock. */
  mode?: ClockMode
  /** Start of every tenant's clock: ISO 8601 with a zone, a Date or epoch ms (default: the wall clock when the tenant is made). */
  now?: string | Date | number
  /** Virtual seconds per wall second in `real` mode. */
  speed?: number
}

export interface TestEmulatorOptions extends Omit<EmulatorOptions, 'clock' | 'onShutdownRequest' | 'persistence'> {
  /** Tenants' clocks (default: manual, starting at the wall clock). */
  clock?: TestClockOptions
  /**
   * Also serve HTTP on 127.0.0.1 (a free port unless given), for clients outside this
   * process: a browser driven by Playwright, a dev server's proxy, another program. `true`,
   * or the Node door's options (`port`, `corsOrigins`, ...). Default: in process only.
   */
  listen?: boolean | NodeServerOptions
}

export interface TenantOptions {
  /** A scenario for this tenant (JSON-like object); default: the emulator's. */
  scenario?: unknown
  seed?: number
  members?: number
  /** Start of this tenant's clock (ISO 8601 with a zone, a Date or epoch ms). */
  now?: string | Date | number
}

export type Outbox = components['schemas']['Outbox']

export interface TestClock {
  /** The tenant's current time. */
  now(): Date
  /**
   * Moves the clock forward (ms as fake timers take them, or `'90s'`, `'15m'`, `'1h30m'`,
   * `'2d'`); deliveries, agents and jobs that fall due on the way run, in time order.
   */
  advance(by: Duration): Promise<Date>
  /** Sets the clock to an instant (ISO 8601 with a zone, a Date or epoch ms); moving forward runs what falls due. */
  set(at: string | Date | number): Promise<Date>
}

export interface TestTenant {
  /** The tenant id (also the environment id of `baseUrl`). */
  readonly id: string
  /** What the SDK's `baseUrl` takes: calls go to `${baseUrl}/api/v1/{api_name}`. */
  readonly baseUrl: string
  /** Token values by name (`krs-all`, `krs-reference`, `krs-nomail`, ...). */
  readonly tokens: Readonly<Record<string, string>>
  /** The all-rights token (`tokens['krs-all']`). */
  readonly token: string
  /** An SDK client for this tenant with the all-rights token (needs `@krs-kit/sdk` installed). */
  readonly client: KrsClient
  /** Another SDK client for this tenant, e.g. with a narrower token: `krs.createClient({ token: krs.tokens['krs-reference'] })`. */
  createClient(options?: KrsClientOptions): KrsClient
  /** `fetch` answered by this emulator in process (no socket), whatever the URL's origin. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
  readonly clock: TestClock
  /** The rendered mails of a delivery (`GET /__mock/outbox`); empty before its handover. */
  outbox(deliveryId: number, page?: { offset?: number; limit?: number }): Promise<Outbox>
  /** The tenant's recent API requests, oldest first. */
  journal(filter?: { operation?: string; limit?: number }): JournalEntryJson[]
  /**
   * The last `limit` (default 10) requests the emulator saw for this tenant, as text for a
   * failure message; says so when none reached it (a wrong URL or token).
   */
  describe(limit?: number): string
  /** Appends `describe()` to an Error's message (for runners without a failure hook) and returns it. */
  annotate<E>(error: E, limit?: number): E
  /** Rebuilds the tenant from its scenario; tokens and clock stay, the journal is cleared. */
  reset(): Promise<void>
  /** Deletes the tenant (its tokens stop working). Calling it twice is harmless. */
  dispose(): Promise<void>
}

export interface TestEmulator {
  /** The engine (e.g. for `createMockHandlers({ engine })` of `@krs-kit/mock-server/msw`). */
  readonly engine: Engine
  /** `http://127.0.0.1:<port>` when listening, else null. */
  readonly url: string | null
  /** A new, isolated tenant: its own members, deliveries, clock, journal and tokens. */
  tenant(options?: TenantOptions): Promise<TestTenant>
  /** Stops the HTTP server (if any) and deletes the tenants it made. */
  dispose(): Promise<void>
}

type SdkModule = typeof import('@krs-kit/sdk')

/** Loaded once per process; an absent SDK is reported when `client` is read, not before. */
let sdkLoad: Promise<SdkModule | Error> | undefined
function loadSdk(): Promise<SdkModule | Error> {
  sdkLoad ??= import('@krs-kit/sdk').then(
    (m) => m,
    (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
  )
  return sdkLoad
}

/** The template every default test tenant is forked from, built once per engine. */
const BASE_TEMPLATE = 'testing-base'

/**
 * The one place this entry builds a tenant. A tenant with the emulator's scenario is a fork of
 * a template built once per engine (copy on write, so a tenant per test costs well under a
 * millisecond); one with its own scenario, seed or member count is built from it. Either way
 * the clock starts where the options ask, or at the wall-clock time, as a new tenant's does.
 */
function buildTestTenant(
  engine: Engine,
  options: TenantOptions,
  clock: Required<Omit<TestClockOptions, 'now'>> & { now?: number },
): TenantRuntime {
  const now = options.now !== undefined ? instantSeconds(options.now, 'tenant({ now })') : clock.now
  const tenantClock = { mode: clock.mode, speed: clock.speed, now: now ?? Math.floor(Date.now() / 1000) }
  if (options.scenario === undefined && options.seed === undefined && options.members === undefined) {
    if (!engine.templates().includes(BASE_TEMPLATE)) engine.createTemplate(BASE_TEMPLATE)
    return engine.createTenant({ from: BASE_TEMPLATE, clock: tenantClock })
  }
  return engine.createTenant({
    ...(options.scenario !== undefined ? { scenario: options.scenario } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.members !== undefined ? { members: options.members } : {}),
    clock: tenantClock,
  })
}

/** Creates the emulator of one test worker. */
export async function createTestEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const { listen, clock: clockOptions = {}, ...engineOptions } = options
  const clock = {
    mode: clockOptions.mode ?? 'manual',
    speed: clockOptions.speed ?? 1,
    ...(clockOptions.now !== undefined
      ? { now: instantSeconds(clockOptions.now, 'createTestEmulator({ clock: { now } })') }
      : {}),
  }
  const engine = createEngine({ ...engineOptions, clock })
  let server: RunningServer | null = null
  if (listen) {
    // Loaded only when asked for: an in-process emulator needs no node:http.
    const { startNodeServer } = await import('../node/node-server.js')
    server = await startNodeServer(engine, { port: 0, ...(listen === true ? {} : listen), host: '127.0.0.1' })
  }
  const origin = server ? server.url : IN_PROCESS_ORIGIN
  const live = new Set<TestTenant>()
  let disposed = false

  return {
    engine,
    url: server ? server.url : null,
    async tenant(tenantOptions = {}) {
      if (disposed) throw new Error('createTestEmulator: this emulator was disposed; create another one')
      const sdk = await loadSdk()
      const runtime = buildTestTenant(engine, tenantOptions, clock)
      const t = testTenant(engine, runtime, origin, server !== null, sdk, () => live.delete(t))
      live.add(t)
      return t
    },
    async dispose() {
      if (disposed) return
      disposed = true
      for (const t of [...live]) await t.dispose()
      await server?.close()
    },
  }
}

function testTenant(
  engine: Engine,
  runtime: TenantRuntime,
  origin: string,
  listening: boolean,
  sdk: SdkModule | Error,
  onDispose: () => void,
): TestTenant {
  const tokens = Object.freeze(tokensByName(runtime))
  const token = tokens['krs-all']
  if (token === undefined) throw new Error(`tenant ${runtime.id} has no krs-all token (its scenario removed it)`)
  const baseUrl = `${origin}/${runtime.id}`
  let gone = false

  const inProcess = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    engine.handle(input instanceof Request && init === undefined ? input : new Request(input, init))

  /** An admin call on this tenant, in process, through the generated admin client; a refusal becomes an Error with the emulator's message. */
  const admin = async <K extends AdminOperationName>(name: K, call: AdminCall<K> = {}): Promise<unknown> => {
    if (gone) throw new Error(`tenant ${runtime.id} was disposed`)
    const res = await callAdminOperation(
      name,
      { ...call, token },
      { origin, transport: transportOf((r) => engine.handle(r)) },
    )
    if (!res.ok) {
      const info = adminOperations[name]
      throw new Error(`emulator: ${info.method} ${info.path} answered ${res.status}: ${messageOf(res)}`)
    }
    return res.json
  }

  const nowDate = (): Date => new Date(runtime.clock.now() * 1000)
  const createClient = (clientOptions: KrsClientOptions = {}): KrsClient => {
    if (sdk instanceof Error)
      throw new Error(
        `krs.client needs @krs-kit/sdk, which could not be loaded (${sdk.message}); install it: npm install -D @krs-kit/sdk`,
      )
    return sdk.createKrsClient({
      baseUrl,
      token,
      // In process unless the emulator listens: then the client takes the same HTTP path as a browser.
      ...(listening ? {} : { fetch: (request: Request) => engine.handle(request) }),
      ...clientOptions,
    })
  }
  let client: KrsClient | undefined

  const journal = (filter: { operation?: string; limit?: number } = {}): JournalEntryJson[] =>
    runtime.journal
      .list({ operation: filter.operation ?? null, ...(filter.limit !== undefined ? { limit: filter.limit } : {}) })
      .map(journalEntryToJson)

  const describe = (limit = 10): string => {
    const all = runtime.journal.list()
    const shown = all.slice(Math.max(0, all.length - limit))
    const head = `emulator tenant ${runtime.id} (clock ${jst(runtime.clock.now())}, ${runtime.clock.mode()})`
    if (shown.length === 0) return `${head}: no API request reached it (check the base URL ${baseUrl} and the token)`
    const lines = [`${head}: the last ${shown.length} of ${all.length} requests, oldest first`]
    for (const e of shown) {
      const error = e.errorCode ? ` ${e.errorCode}` : ''
      lines.push(`  ${e.method} ${e.path} → ${e.status}${error} (${Number(e.durationMs.toFixed(1))} ms, ${jst(e.at)})`)
      lines.push(`    request:  ${clip(e.requestText)}`)
      lines.push(`    response: ${clip(e.responseText)}`)
    }
    return lines.join('\n')
  }

  const tenant: TestTenant = {
    id: runtime.id,
    baseUrl,
    tokens,
    token,
    get client() {
      client ??= createClient()
      return client
    },
    createClient,
    fetch: inProcess,
    clock: {
      now: nowDate,
      async advance(by) {
        const seconds = durationSeconds(by)
        await admin('mock_set_clock', { body: { advance_seconds: seconds } })
        return nowDate()
      },
      async set(at) {
        await admin('mock_set_clock', { body: { set: instantSeconds(at, 'clock.set') } })
        return nowDate()
      },
    },
    async outbox(deliveryId, page = {}) {
      return (await admin('mock_get_outbox', { query: { delivery_id: deliveryId, ...page } })) as Outbox
    },
    journal,
    describe,
    annotate(error, limit) {
      if (error instanceof Error) error.message = `${error.message}\n\n${describe(limit)}`
      return error
    },
    async reset() {
      // a test's clock is its own: reset rebuilds the data only (the admin reset would also rewind it)
      await admin('mock_reset', { body: { keep_clock: true } })
    },
    async dispose() {
      if (gone) return
      gone = true
      onDispose()
      if (engine.tenant(runtime.id)) engine.deleteTenant(runtime)
    },
  }
  return tenant
}

/** Unix seconds as Japan time, the zone of the service's own answers. */
function jst(seconds: number): string {
  return `${new Date((seconds + 9 * 3600) * 1000).toISOString().slice(0, 19)}+09:00`
}

const CLIP = 400
function clip(text: string): string {
  const one = text === '' ? '(empty)' : text.replace(/\s*\n\s*/g, ' ')
  return one.length > CLIP ? `${one.slice(0, CLIP)}… (${one.length} characters)` : one
}
