import { decodeUtf8Strict, type RawRequest, type RawResponse } from './raw-http.js'

/** Fetch `Request` → the engine's raw request (reads the body once, as text). */
export async function fromFetchRequest(request: Request): Promise<RawRequest> {
  const url = new URL(request.url)
  const headers = request.headers
  const bodyText =
    request.method === 'GET' || request.method === 'HEAD'
      ? ''
      : decodeUtf8Strict(new Uint8Array(await request.arrayBuffer()))
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    query: url.search.length > 1 ? url.search.slice(1) : '',
    header: (name) => headers.get(name) ?? undefined,
    bodyText: bodyText ?? '',
    ...(bodyText === null ? { bodyNotUtf8: true } : {}),
    origin: url.origin,
  }
}

/**
 * The engine's raw response → Fetch `Response`, with `X-Krs-Emulator: krs-mock` as the Node door
 * sends it: clients (the SDK's waits, `krs`) tell the emulator from the real service by it on
 * every door, MSW and in process included.
 */
export function toFetchResponse(res: RawResponse): Response {
  const response = new Response(res.body, { status: res.status, headers: res.headers })
  response.headers.set('x-krs-emulator', 'krs-mock')
  return response
}
