import {
  type AdminCall,
  type AdminOperationName,
  adminRefusalText,
  callAdminOperation,
} from '@krs-kit/contract/admin-client'
import { createKrsClient, isKrsApiError, type KrsClient, KrsNetworkError } from '@krs-kit/sdk'
import { adminBodyProblem } from './admin-bodies.js'
import { productionFlag, targetBase, type McpOptions } from './options.js'
import { Redactor } from './redact.js'

/** The response header by which the krs-kit emulator names itself. */
export const emulatorHeader = 'x-krs-emulator'

/** How long the question "are you the emulator?" may take. */
const detectTimeoutMs = 5_000

/**
 * What the server knows of its target: `none` (no base URL), `unknown` (not asked yet),
 * `unreachable` (no answer), `other` (it answered, without X-Krs-Emulator: the real
 * service or a stand-in) or `emulator`.
 */
export type TargetState = 'none' | 'unknown' | 'unreachable' | 'other' | 'emulator'

/**
 * What one server talks to: the API client, whether the target is the emulator, and every
 * secret it holds (the token, tokens of tenants it created), which `redact` removes from
 * anything the server says.
 */
export class Session {
  client: KrsClient
  base: string | undefined
  state: TargetState
  private token: string | undefined
  private readonly redactor = new Redactor()
  private readonly listeners = new Set<(state: TargetState) => void>()
  private detecting: Promise<boolean> | undefined
  /** When the target was last asked (ms since the epoch), 0 before. */
  lastDetect = 0

  constructor(
    readonly options: McpOptions,
    private readonly fetchImpl: typeof fetch = (r) => globalThis.fetch(r),
  ) {
    this.base = targetBase(options)
    this.state = this.base ? 'unknown' : 'none'
    this.token = options.token
    this.redactor.add(options.token)
    this.client = this.makeClient()
  }

  /** Whether the target answered as the krs-kit emulator (its tools are offered then). */
  get emulator(): boolean {
    return this.state === 'emulator'
  }

  private makeClient(): KrsClient {
    return createKrsClient({
      baseUrl: this.base ?? 'https://krs.bz/unset',
      token: this.token,
      fetch: (r) => this.fetchImpl(r),
      // A retry would hide a fault the emulator was told to inject (the tool says the next
      // `count` calls fail): calls to the emulator are never retried. The real service's
      // reads are retried once on 429/502/503/504.
      retry: { maxRetries: this.emulator ? 0 : 1 },
    })
  }

  /** Called with the new state whenever the target changes between emulator and not. */
  onTargetChange(listener: (state: TargetState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private setState(next: TargetState): void {
    const wasEmulator = this.emulator
    this.state = next
    if (wasEmulator === this.emulator) return
    this.client = this.makeClient()
    for (const l of this.listeners) l(next)
  }

  /**
   * Asks the target whether it is the emulator: one `get_version` (no token needed), whose
   * answer carries `X-Krs-Emulator` only from krs-kit's emulator. An unreachable target is
   * not the emulator. Concurrent askers share one request.
   */
  detect(timeoutMs = detectTimeoutMs): Promise<boolean> {
    if (!this.base) return Promise.resolve(false)
    this.detecting ??= this.ask(timeoutMs).finally(() => {
      this.detecting = undefined
    })
    return this.detecting
  }

  private async ask(timeoutMs: number): Promise<boolean> {
    const next = await targetStateOf(this.client, timeoutMs)
    this.lastDetect = Date.now()
    this.setState(next)
    return this.emulator
  }

  /** A call failed without an answer: the target (the emulator, say) may have stopped. */
  noteUnreachable(e: unknown): void {
    if (e instanceof KrsNetworkError && e.name === 'KrsNetworkError' && this.state !== 'none')
      this.setState('unreachable')
  }

  /**
   * Switches to another tenant of the emulator (its base URL and token), once that base URL
   * answers as the emulator, as the first target is asked (detect): a `base_url` that points
   * elsewhere (a `--public-url` of another server) is refused and the session stays as it was.
   */
  async switchTenant(base: string, token: string): Promise<void> {
    const next = base.replace(/\/+$/, '')
    // asked without a token (get_version needs none; the SDK would add KRS_API_TOKEN): an
    // unknown server learns no secret
    const probe = createKrsClient({
      baseUrl: next,
      fetch: (r) => {
        const bare = new Request(r)
        bare.headers.delete('authorization')
        return this.fetchImpl(bare)
      },
      retry: { maxRetries: 0 },
    })
    const state = await targetStateOf(probe, detectTimeoutMs)
    if (state !== 'emulator')
      throw new AdminError(
        `the new tenant's base_url ${next} ${state === 'unreachable' ? 'does not answer' : 'answered without X-Krs-Emulator: it is not the krs-kit emulator'}; this server still calls ${this.base ?? 'its first target'}`,
      )
    this.base = next
    this.token = token
    this.redactor.add(token)
    this.client = this.makeClient()
  }

  /** Remembers a value that must never be shown (a created tenant's other tokens). */
  addSecret(value: string): void {
    this.redactor.add(value)
  }

  /** The text with every secret replaced by `***` (see redact.ts for which forms and values). */
  redact(text: string): string {
    return this.redactor.redact(text)
  }

  /**
   * Why a write may not be sent, or undefined when it may: without --allow-writes nothing
   * is written; against anything but the emulator, the production flag is needed as well.
   * A target that was not the emulator is asked again (it may have started since).
   */
  async writeRefusal(what: string): Promise<string | undefined> {
    if (!this.options.allowWrites)
      return `${what} writes (x-krs-idempotent: false) and this server is read-only: nothing was sent. Start krs-mcp with --allow-writes to send writes (to the emulator; to the real service also ${productionFlag}).`
    if (this.options.production) return undefined
    if (this.emulator || (await this.detect())) return undefined
    return `${what} writes and the target (${this.base ?? 'none configured'}) is not the krs-kit emulator (no X-Krs-Emulator header): nothing was sent. Writing to the real service needs ${productionFlag} as well as --allow-writes.`
  }

  /** The emulator's origin (its admin API lives at `/__mock/` there). */
  adminOrigin(): string {
    return new URL(this.base ?? 'http://127.0.0.1:4010').origin
  }

  /** Calls one operation of the emulator's admin API for this session's tenant, through the generated admin client. */
  async admin<K extends AdminOperationName>(name: K, call: AdminCall<K> = {}): Promise<unknown> {
    const body = (call as { body?: unknown }).body
    const problem = body === undefined ? undefined : adminBodyProblem(name, body)
    if (problem) throw new AdminError(problem)
    const result = await callAdminOperation(
      name,
      { ...call, token: this.token ?? null },
      {
        origin: this.adminOrigin(),
        transport: (r) =>
          this.fetchImpl(
            new Request(r.url, {
              method: r.method,
              headers: r.headers,
              ...(r.body !== undefined ? { body: r.body } : {}),
              ...(r.signal !== undefined ? { signal: r.signal } : {}),
            }),
          ),
      },
    )
    if (!result.ok) throw new AdminError(`emulator admin ${adminRefusalText(name, result)}`)
    return result.json
  }
}

/**
 * Whether a client's target is the emulator: one `get_version` (no token needed), whose
 * answer carries `X-Krs-Emulator` only from krs-kit's emulator.
 */
async function targetStateOf(client: KrsClient, timeoutMs: number): Promise<TargetState> {
  try {
    // Bounded: a target that does not answer must not hold up the server's start.
    const { response } = await client.call('get_version', {}, { timeoutMs, maxRetries: 0 }).withResponse()
    return response.headers.has(emulatorHeader) ? 'emulator' : 'other'
  } catch (e) {
    // An error answer is an answer (the target is up); no answer at all is unreachable.
    return isKrsApiError(e) || !(e instanceof KrsNetworkError) ? 'other' : 'unreachable'
  }
}

export class AdminError extends Error {
  override readonly name = 'AdminError'
}
