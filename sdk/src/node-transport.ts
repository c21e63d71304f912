// `@krs-kit/sdk/node`: a transport on node:http / node:https for `createKrsClient({ transport })`.
//
// Node's global fetch is its bundled undici, loaded on the first touch of `fetch`, `Headers`,
// `Request` or `Response`, and fetch compiles a WebAssembly HTTP parser: together tens of
// milliseconds before the first request leaves. That is most of the run time of a short process
// (one CLI command). This transport never touches those globals. It sends what the SDK sends
// (a method, a URL, a header record, a string body) and answers with an object that reads like
// a `Response`. It asks for no compression (no Accept-Encoding) and follows redirects as fetch
// does.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { finished } from 'node:stream'
import type { Transport, TransportRequest } from './client-options.js'

const redirects = new Set([301, 302, 303, 307, 308])
const maxRedirects = 20
/** Statuses whose answer has no body (fetch gives `body: null`). */
const nullBody = new Set([101, 204, 205, 304])

/** How fetch reports a request that failed before an answer: `TypeError('fetch failed', { cause })`. */
function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause })
}

/** Sends one request (following redirects) and resolves with the answer once its head is in. */
export const nodeTransport: Transport = async (request) => {
  let { method, url, headers, body } = request
  for (let hops = 0; ; hops++) {
    const message = await exchange(method, url, headers, body, request.signal)
    const status = message.statusCode ?? 0
    const location = message.headers.location
    if (!redirects.has(status) || location === undefined)
      return new NodeResponse(message, url, hops > 0) as unknown as Response
    message.resume()
    if (hops >= maxRedirects) throw fetchFailed(new Error(`more than ${maxRedirects} redirects`))
    const next = new URL(location, url)
    // Credentials stay with the origin they were given for.
    if (next.origin !== new URL(url).origin) headers = without(headers, ['authorization', 'cookie'])
    if (
      (status === 303 && method !== 'GET' && method !== 'HEAD') ||
      ((status === 301 || status === 302) && method === 'POST')
    ) {
      method = 'GET'
      body = undefined
      headers = without(headers, ['content-type', 'content-length'])
    }
    url = next.href
  }
}

function without(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const k in headers) if (!names.includes(k.toLowerCase())) out[k] = headers[k] as string
  return out
}

async function exchange(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | Uint8Array<ArrayBuffer> | undefined,
  signal: AbortSignal | undefined,
): Promise<IncomingMessage> {
  if (signal?.aborted) throw signal.reason
  let target: URL
  try {
    target = new URL(url)
  } catch (error) {
    throw fetchFailed(error)
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw fetchFailed(new Error(`unsupported protocol ${target.protocol}`))
  // TLS is loaded only for https: URLs (a local emulator needs none of it).
  const send = target.protocol === 'https:' ? (await import('node:https')).request : httpRequest
  const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }
  return new Promise((resolve, reject) => {
    const outgoing = send(target, { method, headers: sent, ...(signal ? { signal } : {}) }, resolve)
    outgoing.on('error', (error) => reject(signal?.aborted ? signal.reason : fetchFailed(error)))
    outgoing.end(body)
  })
}

/** The answer's headers, read-only, with the reading half of `Headers` (names in lower case). */
class NodeHeaders {
  readonly #values = new Map<string, string>()
  readonly #cookies: string[]

  constructor(raw: IncomingHttpHeaders) {
    const cookies = raw['set-cookie']
    this.#cookies = cookies ?? []
    for (const name of Object.keys(raw).sort()) {
      const value = raw[name]
      if (value !== undefined) this.#values.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase())
  }

  getSetCookie(): string[] {
    return [...this.#cookies]
  }

  forEach(callback: (value: string, name: string, parent: NodeHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.#values) callback.call(thisArg, value, name, this)
  }

  entries(): IterableIterator<[string, string]> {
    return this.#values.entries()
  }

  keys(): IterableIterator<string> {
    return this.#values.keys()
  }

  values(): IterableIterator<string> {
    return this.#values.values()
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.#values.entries()
  }
}

/** The body of an `IncomingMessage` as a web stream, pausing the socket while the reader lags. */
function webStream(message: IncomingMessage): ReadableStream<Uint8Array> {
  // After a cancel (or the end), chunks already on their way are dropped, not enqueued.
  let settled = false
  return new ReadableStream<Uint8Array>({
    start(controller) {
      message.on('data', (chunk: Buffer) => {
        if (settled) return
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        if ((controller.desiredSize ?? 1) <= 0) message.pause()
      })
      message.on('end', () => {
        if (settled) return
        settled = true
        controller.close()
      })
      message.on('error', (error) => {
        if (settled) return
        settled = true
        controller.error(fetchFailed(error))
      })
    },
    pull() {
      message.resume()
    },
    cancel() {
      settled = true
      message.destroy()
    },
  })
}

/**
 * An answer with the reading members of `Response`: status, statusText, ok, url, redirected,
 * headers, body (a web stream), bodyUsed, text(), json(), arrayBuffer(), bytes(), blob(),
 * formData() (through a real `Response`, loaded only then) and clone().
 */
class NodeResponse {
  readonly status: number
  readonly statusText: string
  readonly ok: boolean
  readonly url: string
  readonly redirected: boolean
  readonly type = 'basic'
  readonly headers: NodeHeaders
  #message: IncomingMessage | undefined
  #stream: ReadableStream<Uint8Array> | null | undefined
  #used = false

  constructor(message: IncomingMessage | undefined, url: string, redirected: boolean, copyOf?: NodeResponse) {
    this.status = copyOf?.status ?? message?.statusCode ?? 0
    this.statusText = copyOf?.statusText ?? message?.statusMessage ?? ''
    this.ok = this.status >= 200 && this.status <= 299
    this.url = url
    this.redirected = redirected
    this.headers = copyOf?.headers ?? new NodeHeaders(message?.headers ?? {})
    if (message && nullBody.has(this.status)) {
      message.resume()
      this.#stream = null
    } else this.#message = message
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#stream === undefined && this.#message) {
      this.#stream = webStream(this.#message)
      this.#message = undefined
    }
    return this.#stream ?? null
  }

  get bodyUsed(): boolean {
    return this.#used
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read')
    this.#used = true
    const chunks: Uint8Array[] = []
    const message = this.#message
    if (message) {
      this.#message = undefined
      // Events rather than the stream's async iterator: the same chunks and the same end
      // (finished() reports a connection closed before the end, as the iterator does), without
      // a promise per chunk; most answers are one chunk, read once per call.
      await new Promise<void>((resolve, reject) => {
        message.on('data', (chunk: Buffer) => chunks.push(chunk))
        finished(message, (error) => (error ? reject(fetchFailed(error)) : resolve()))
      })
    } else if (this.#stream) {
      const reader = this.#stream.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        chunks.push(value)
      }
    }
    return Buffer.concat(chunks)
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes()
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes())
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get('content-type') ?? '' })
  }

  async formData(): Promise<FormData> {
    const copy = new Response(await this.bytes(), {
      status: this.status,
      statusText: this.statusText,
      headers: [...this.headers],
    })
    return copy.formData()
  }

  clone(): NodeResponse {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.')
    const copy = new NodeResponse(undefined, this.url, this.redirected, this)
    const stream = this.body
    if (stream) {
      const [mine, theirs] = stream.tee()
      this.#stream = mine
      copy.#stream = theirs
    } else copy.#stream = null
    return copy
  }
}

export type { Transport, TransportRequest }
