import type { EmulatorAnswer, EmulatorRequest } from './runtime-loader'

/** Same as runtime/index.ts BYPASS_HEADER. */
export const BYPASS_HEADER = 'x-krs-playground-target'

/** How a request reaches the in-browser emulator. */
export type EmulatorCall = (request: EmulatorRequest) => Promise<EmulatorAnswer>

/**
 * Posted to the engine's worker by the runtime: no fetch, no service worker on the way. (The
 * loader is imported when first used: it reads the site's generated file names, which the
 * tests of this module do without.)
 */
const postToEngine: EmulatorCall = async (request) => {
  const { loadRuntime } = await import('./runtime-loader')
  return (await loadRuntime()).callEmulator(request)
}

/**
 * A call of the page to its in-browser emulator (`/__mock/…`, `/api/v1/…`), posted to the
 * engine's worker like the playground's sends: it does not depend on the service worker
 * controlling the page (a page loaded while it activates would send a fetch to the server).
 */
export async function callPageEmulator(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { headers?: Record<string, string>; body?: string } = {},
  emulator: EmulatorCall = postToEngine,
): Promise<{ status: number; statusText: string; headers: [string, string][]; ok: boolean; text: string }> {
  const r = await emulator({
    method,
    // a path of the page's origin, or a whole URL (the sends')
    url: new URL(url, globalThis.location?.origin).href,
    headers: Object.entries(options.headers ?? {}),
    body: options.body === undefined ? null : (new TextEncoder().encode(options.body).buffer as ArrayBuffer),
  })
  const text = r.body ? new TextDecoder().decode(r.body) : ''
  return { status: r.status, statusText: r.statusText, headers: r.headers, ok: r.status >= 200 && r.status < 300, text }
}

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
  emulator: EmulatorCall = postToEngine,
): Promise<CallResult> {
  const url = `${targetBaseUrl(target, origin)}/api/v1/${name}`
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (security && target.token) headers.authorization = `Bearer ${target.token}`
  // A server on the page's own origin (`npm start`): tell the in-browser emulator to let it through.
  if (target.kind !== 'emulator' && new URL(url, origin).origin === origin) headers[BYPASS_HEADER] = 'server'
  const started = performance.now()
  try {
    let answer: { status: number; statusText: string; headers: [string, string][]; text: string }
    if (target.kind === 'emulator') {
      answer = await callPageEmulator('POST', new URL(url, origin).href, { headers, body: bodyText }, emulator)
    } else {
      const res = await fetch(url, { method: 'POST', headers, body: bodyText })
      const list: [string, string][] = []
      res.headers.forEach((value, key) => {
        list.push([key, value])
      })
      answer = { status: res.status, statusText: res.statusText, headers: list, text: await res.text() }
    }
    return {
      status: answer.status,
      statusText: answer.statusText,
      ms: Math.round(performance.now() - started),
      headers: answer.headers,
      text: answer.text,
      errorCode: errorCodeOf(answer.text),
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
