import { KrsSdkError } from './errors.js'
import { SDK_VERSION } from './version.js'

interface NodeProcess {
  versions?: { node?: string }
  env?: Record<string, string | undefined>
}

/** Node's `process` when the SDK runs in Node (read lazily: bundles for browsers have none). */
function nodeProcess(): NodeProcess | undefined {
  const p = (globalThis as { process?: NodeProcess }).process
  return typeof p?.versions?.node === 'string' ? p : undefined
}

/** An environment variable in Node; undefined elsewhere or when empty. */
export function envVar(name: string): string | undefined {
  const value = nodeProcess()?.env?.[name]
  return value === undefined || value === '' ? undefined : value
}

/** `krs-kit-sdk/0.1.0 node/v20.19.0` in Node; undefined in browsers (they send their own). */
export function userAgent(): string | undefined {
  const node = nodeProcess()?.versions?.node
  return node === undefined ? undefined : `krs-kit-sdk/${SDK_VERSION} node/v${node}`
}

/** True in a browser page or worker (a DOM or worker global and no Node `process`). */
export function isBrowser(): boolean {
  if (nodeProcess()) return false
  const g = globalThis as { document?: unknown; importScripts?: unknown }
  return typeof g.document === 'object' || typeof g.importScripts === 'function'
}

/** True when the URL's host is this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(url: string): boolean {
  let host: string
  try {
    const base = (globalThis as { location?: { href?: string } }).location?.href
    host = new URL(url, base).hostname.toLowerCase()
  } catch {
    return false
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  )
}

/**
 * Refuses a token given to a browser client unless the caller says the page is trusted
 * (`dangerouslyAllowBrowser`) or the server is a local emulator: a token in page code can
 * be read by every visitor and every script on the page.
 */
export function checkBrowserToken(
  token: string | undefined,
  baseUrl: string,
  allow: boolean | undefined,
  browser: boolean = isBrowser(),
): void {
  if (!token || allow || !browser || isLoopbackUrl(baseUrl)) return
  throw new KrsSdkError(
    'createKrsClient: an API token in a browser can be read by anyone who opens the page. ' +
      'Call the API from your server instead, or pass dangerouslyAllowBrowser: true if this page is only for you ' +
      '(not needed for a local emulator on localhost / 127.0.0.1)',
  )
}
