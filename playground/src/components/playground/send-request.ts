/** Same as runtime/emulator.ts BYPASS_HEADER. */
export const BYPASS_HEADER = 'x-krs-playground-target'

/** Where the playground sends: the in-browser emulator, a local `krs mock`, or the real service. */
export type Target =
  | { kind: 'emulator'; token: string }
  | { kind: 'local'; baseUrl: string; token: string }
  | { kind: 'real'; environmentId: string; token: string }

export interface CallResult {
  status: number
  statusText: string
  ms: number
  headers: [string, string][]
  /** The body as received, as text (it is shown as text, never as HTML). */
  text: string
  /** The error_code of an error body, when there is one. */
  errorCode: string | null
  /** A network failure (CORS, server down), in Japanese. */
  failure?: string
}

/** The base URL (without /api/v1) of a target, for sending and for the snippets. */
export function targetBaseUrl(target: Target, origin: string): string {
  switch (target.kind) {
    case 'emulator':
      return origin
    case 'local':
      return target.baseUrl.replace(/\/+$/, '')
    case 'real':
      return `https://krs.bz/${encodeURIComponent(target.environmentId)}`
  }
}

export function errorCodeOf(text: string): string | null {
  try {
    const v = JSON.parse(text) as unknown
    if (
      typeof v === 'object' &&
      v !== null &&
      'error_code' in v &&
      typeof (v as { error_code: unknown }).error_code === 'string'
    ) {
      return (v as { error_code: string }).error_code
    }
  } catch {
    // not JSON
  }
  return null
}

export async function sendRequest(
  target: Target,
  origin: string,
  name: string,
  bodyText: string,
  security: boolean,
): Promise<CallResult> {
  const url = `${targetBaseUrl(target, origin)}/api/v1/${name}`
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (security && target.token) headers.authorization = `Bearer ${target.token}`
  // A server on the page's own origin (`npm start`): tell the in-browser emulator to let it through.
  if (target.kind !== 'emulator' && new URL(url, origin).origin === origin) headers[BYPASS_HEADER] = 'server'
  const started = performance.now()
  try {
    const res = await fetch(url, { method: 'POST', headers, body: bodyText })
    const text = await res.text()
    const list: [string, string][] = []
    res.headers.forEach((value, key) => {
      list.push([key, value])
    })
    return {
      status: res.status,
      statusText: res.statusText,
      ms: Math.round(performance.now() - started),
      headers: list,
      text,
      errorCode: errorCodeOf(text),
    }
  } catch (e) {
    return {
      status: 0,
      statusText: '',
      ms: Math.round(performance.now() - started),
      headers: [],
      text: '',
      errorCode: null,
      failure: `送信できませんでした（${(e as Error).message}）。サーバーが動いているか、CORS で許可されているかを確かめてください。`,
    }
  }
}
