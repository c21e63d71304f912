/**
 * `/api/v1/{name}` or `/{environmentId}/api/v1/{name}` → `name`, else null.
 * The environment id is accepted and ignored: the bearer token selects the tenant.
 */
export function apiNameOf(path: string): string | null {
  let i: number
  if (path.startsWith('/api/v1/')) i = 8
  else {
    const slash = path.indexOf('/', 1)
    if (slash < 2 || !path.startsWith('/api/v1/', slash)) return null
    i = slash + 8
  }
  const name = path.slice(i)
  if (name === '' || name.includes('/')) return null
  return name
}
