/**
 * The shareable address of a request: /playground/{name}?body=<JSON>. It never holds the
 * token, the environment id or any target setting.
 */
export function shareUrl(origin: string, name: string, body: unknown): string {
  const url = new URL(`/playground/${encodeURIComponent(name)}`, origin)
  url.searchParams.set('body', JSON.stringify(body))
  return url.href
}

/** The body text a shared address carries, or null. */
export function bodyFromSearch(search: string): string | null {
  const text = new URLSearchParams(search).get('body')
  if (text === null) return null
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** The operation name of a /playground/{name} path, or null. */
export function operationFromPath(pathname: string): string | null {
  const m = /^\/playground\/([a-z0-9_]+)\/?$/.exec(pathname)
  return m ? m[1]! : null
}
