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

/**
 * Where the playground sends: the in-browser emulator, a local `krs mock`, or the real service
 * (directly, or through the proxy of the krs-mock that serves the page: `proxyTarget` is the
 * base URL it forwards to, `--proxy-target`).
 */
export type Target =
  | { kind: 'emulator'; token: string }
  | { kind: 'local'; baseUrl: string; token: string }
  | { kind: 'real'; environmentId: string; token: string; proxyTarget?: string | undefined }

/** The path of the page's server that forwards to its `--proxy-target` (krs-mock's site proxy). */
const PROXY_PATH = '/__proxy'

/** The site's Content-Security-Policy lets the page send to these (krs-mock's SITE_CONNECT_SOURCES). */
const ALLOWED_CONNECT = ['127.0.0.1', 'localhost'] as const
const REAL_ORIGIN = 'https://krs.bz'

/**
 * Why the target cannot be sent to, in Japanese (null when it can): an environment id that is
 * empty or not one path segment, a local URL that is not an http(s) URL, or one the site's
 * Content-Security-Policy (connect-src) does not allow, named with that rule.
 */
export function targetProblem(target: Target, origin: string): string | null {
  if (target.kind === 'emulator') return null
  if (target.kind === 'real') {
    if (target.proxyTarget) return null
    const id = target.environmentId.trim()
    if (id === '') return '環境ID を入力してください（本番の URL は https://krs.bz/{環境ID}/api/v1/… です）。'
    if (/[/?#\s]/.test(id)) return '環境ID に「/」「?」「#」や空白は使えません。'
    return null
  }
  let url: URL
  try {
    url = new URL(target.baseUrl)
  } catch {
    return `URL「${target.baseUrl}」を読めません（例: http://127.0.0.1:4010）。`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'URL は http:// か https:// で始めてください。'
  if (url.origin === origin || url.origin === REAL_ORIGIN) return null
  if (url.protocol === 'http:' && (ALLOWED_CONNECT as readonly string[]).includes(url.hostname)) return null
  return `このサイトのコンテンツセキュリティポリシー（CSP の connect-src）が ${url.origin} への送信を許可していません。許可しているのは、このページのオリジン、http://127.0.0.1 と http://localhost の任意のポート、https://krs.bz です。`
}

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
      return target.proxyTarget ?? `${REAL_ORIGIN}/${encodeURIComponent(target.environmentId.trim())}`
  }
}

/** The base URL the page sends to: the proxy of its own server for a proxied real target. */
export function sendBaseUrl(target: Target, origin: string): string {
  return target.kind === 'real' && target.proxyTarget ? `${origin}${PROXY_PATH}` : targetBaseUrl(target, origin)
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
  const problem = targetProblem(target, origin)
  if (problem !== null)
    return { status: 0, statusText: '', ms: 0, headers: [], text: '', errorCode: null, failure: problem }
  const url = `${sendBaseUrl(target, origin)}/api/v1/${name}`
  // Japanese detail texts from servers that have them (krs-mock); others ignore it.
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'ja' }
  if (security && target.token) headers.authorization = `Bearer ${target.token}`
  // A server on the page's own origin (`npm start`): tell the in-browser emulator to let it through.
  if (target.kind !== 'emulator' && new URL(url, origin).origin === origin) headers[BYPASS_HEADER] = 'server'
  const started = performance.now()
  // A request the page's CSP refuses fails like a network error: the violation says which rule.
  let blockedBy: string | null = null
  const onViolation = (e: SecurityPolicyViolationEvent): void => {
    if (e.blockedURI && url.startsWith(e.blockedURI)) blockedBy = e.effectiveDirective || e.violatedDirective
  }
  const doc = typeof document === 'undefined' ? null : document
  doc?.addEventListener('securitypolicyviolation', onViolation)
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
    // The violation event is dispatched as a task: let it arrive before reading it.
    if (doc) await new Promise((r) => setTimeout(r, 0))
    const failure =
      blockedBy !== null
        ? `送信できませんでした。このサイトのコンテンツセキュリティポリシー（CSP の ${blockedBy}）が ${new URL(url).origin} への送信を許可していません。`
        : target.kind === 'real' && target.proxyTarget === undefined
          ? `送信できませんでした（${(e as Error).message}）。本番のサービスはブラウザからの呼び出し（CORS）を許可していないことがあります。krs-mock を --proxy-target https://krs.bz/{環境ID} 付きで起動してこのサイトを開くと、そのプロキシ経由で送れます。`
          : `送信できませんでした（${(e as Error).message}）。サーバーが動いているか、CORS で許可されているか（krs mock なら --cors）を確かめてください。`
    return {
      status: 0,
      statusText: '',
      ms: Math.round(performance.now() - started),
      headers: [],
      text: '',
      errorCode: null,
      failure,
    }
  } finally {
    doc?.removeEventListener('securitypolicyviolation', onViolation)
  }
}
