// A scripted fetch for unit tests: no network, every request recorded.
export type Reply = Response | Error | ((request: Request) => Response | Promise<Response>)

export interface RecordedRequest {
  url: string
  method: string
  headers: Headers
  body: unknown
  signal: AbortSignal
}

/** Takes both call shapes of the global fetch: `fetch(request)` and `fetch(url, init)`. */
export type FetchFn = (input: Request | string | URL, init?: RequestInit) => Promise<Response>

export interface FakeFetch {
  fetch: FetchFn
  requests: RecordedRequest[]
}

const toRequest = (input: Request | string | URL, init?: RequestInit): Request =>
  input instanceof Request && init === undefined ? input : new Request(input, init)

/** Answers the queued replies in order; a request with nothing queued fails the test. */
export function fakeFetch(...replies: Reply[]): FakeFetch {
  const requests: RecordedRequest[] = []
  return {
    requests,
    async fetch(input, init) {
      const request = toRequest(input, init)
      const text = await request.clone().text()
      requests.push({
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: text === '' ? undefined : JSON.parse(text),
        signal: request.signal,
      })
      const reply = replies.shift()
      if (reply === undefined) throw new Error(`fakeFetch: no reply queued for ${request.url}`)
      if (reply instanceof Error) throw reply
      return typeof reply === 'function' ? reply(request) : reply
    },
  }
}

/** A fetch that answers every request with `reply(request, index)`. */
export function fetchAlways(reply: (request: Request, index: number) => Response | Promise<Response>): FakeFetch {
  const requests: RecordedRequest[] = []
  return {
    requests,
    async fetch(input, init) {
      const request = toRequest(input, init)
      const text = await request.clone().text()
      requests.push({
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: text === '' ? undefined : JSON.parse(text),
        signal: request.signal,
      })
      return reply(request, requests.length - 1)
    },
  }
}

export function json(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

export function errorBody(
  code: string,
  desc: string,
  status: number,
  message?: string,
  headers: Record<string, string> = {},
): Response {
  return json({ error_code: code, error_desc: desc, ...(message === undefined ? {} : { message }) }, status, headers)
}

/** A fetch that never answers; it rejects when the request's signal aborts, like real fetch. */
export function hangingFetch(): FakeFetch {
  const requests: RecordedRequest[] = []
  return {
    requests,
    fetch(input, init) {
      const request = toRequest(input, init)
      requests.push({
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: undefined,
        signal: request.signal,
      })
      return new Promise((_, reject) => {
        const fail = () => reject(request.signal.reason ?? new DOMException('aborted', 'AbortError'))
        if (request.signal.aborted) fail()
        else request.signal.addEventListener('abort', fail, { once: true })
      })
    },
  }
}

/** A sleep that records the requested delays and returns at once. */
export function recordingSleep(): { sleep: (ms: number, signal?: AbortSignal) => Promise<void>; delays: number[] } {
  const delays: number[] = []
  return {
    delays,
    async sleep(ms, signal) {
      delays.push(ms)
      if (signal?.aborted) throw signal.reason
    },
  }
}
