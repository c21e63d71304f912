import type { FetchLike } from '@krs-kit/sdk'

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string
  url: string
  authorization: string | null
  contentType: string | null
  body: unknown
}

export interface RecordingFetch {
  fetch: FetchLike
  requests: RecordedRequest[]
}

/** Wraps a handler: records each request (body parsed as JSON when it is JSON). */
export function recordingFetch(handle: (r: Request) => Promise<Response>): RecordingFetch {
  const requests: RecordedRequest[] = []
  const fetch: FetchLike = async (request) => {
    const text = await request.clone().text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    requests.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
      contentType: request.headers.get('content-type'),
      body,
    })
    return handle(request)
  }
  return { fetch, requests }
}

/** A server that answers each operation from a script (for operations the emulator lacks). */
export function scriptedServer(
  script: Record<string, (body: unknown, call: number) => Response>,
): (r: Request) => Promise<Response> {
  const calls = new Map<string, number>()
  return async (request) => {
    const name = new URL(request.url).pathname.split('/').pop() ?? ''
    const answer = script[name]
    if (!answer)
      return Response.json(
        { error_code: 'KR_API_F0012', error_desc: 'Method Is Not Exists.', message: name },
        { status: 404 },
      )
    const n = calls.get(name) ?? 0
    calls.set(name, n + 1)
    return answer(JSON.parse(await request.text()), n)
  }
}
