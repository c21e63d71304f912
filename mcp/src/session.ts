import {
  type AdminCall,
  type AdminOperationName,
  adminOperations,
  callAdminOperation,
} from '@krs-kit/contract/admin-client'
import { createKrsClient, type KrsClient } from '@krs-kit/sdk'
import { productionFlag, targetBase, type McpOptions } from './options.js'

/** The response header by which the krs-kit emulator names itself. */
export const emulatorHeader = 'x-krs-emulator'

/** How long the question "are you the emulator?" may take. */
const detectTimeoutMs = 5_000

/**
 * What one server talks to: the API client, whether the target is the emulator, and every
 * secret it holds (the token, tokens of tenants it created), which `redact` removes from
 * anything the server says.
 */
export class Session {
  client: KrsClient
  base: string | undefined
  emulator = false
  private token: string | undefined
  private readonly secrets = new Set<string>()

  constructor(
    readonly options: McpOptions,
    private readonly fetchImpl: typeof fetch = (r) => globalThis.fetch(r),
  ) {
    this.base = targetBase(options)
    this.token = options.token
    if (options.token) this.secrets.add(options.token)
    this.client = this.makeClient()
  }

  private makeClient(): KrsClient {
    return createKrsClient({
      baseUrl: this.base ?? 'https://krs.bz/unset',
      token: this.token,
      fetch: (r) => this.fetchImpl(r),
      retry: { maxRetries: 1 },
    })
  }

  /**
   * Asks the target whether it is the emulator: one `get_version` (no token needed), whose
   * answer carries `X-Krs-Emulator` only from krs-kit's emulator. An unreachable target is
   * not the emulator.
   */
  async detect(): Promise<boolean> {
    this.emulator = false
    if (!this.base) return false
    try {
      // Bounded: a target that does not answer must not hold up the server's start.
      const { response } = await this.client
        .call('get_version', {}, { timeoutMs: detectTimeoutMs, maxRetries: 0 })
        .withResponse()
      this.emulator = response.headers.has(emulatorHeader)
    } catch {
      this.emulator = false
    }
    return this.emulator
  }

  /** Switches to another tenant of the same emulator (its base URL and token). */
  switchTenant(base: string, token: string): void {
    this.base = base.replace(/\/+$/, '')
    this.token = token
    this.secrets.add(token)
    this.client = this.makeClient()
  }

  /** Remembers a value that must never be shown (a created tenant's other tokens). */
  addSecret(value: string): void {
    if (value) this.secrets.add(value)
  }

  /** The text with every secret replaced by `***`. */
  redact(text: string): string {
    let out = text
    for (const s of this.secrets) if (s.length > 0) out = out.split(s).join('***')
    return out
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
    if (!result.ok) {
      const info = adminOperations[name]
      const err = (typeof result.json === 'object' && result.json !== null ? result.json : {}) as {
        error?: string
        message?: string
      }
      throw new AdminError(
        `emulator admin ${info.method} ${info.path}: ${result.status} ${err.error ?? ''}: ${err.message ?? result.text}`,
      )
    }
    return result.json
  }
}

export class AdminError extends Error {
  override readonly name = 'AdminError'
}
