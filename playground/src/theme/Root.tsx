import type React from 'react'
import { useLayoutEffect } from 'react'
import { matchPath, useLocation } from '@docusaurus/router'
import routes from '@generated/routes'

interface RouteEntry {
  path?: string | string[]
  exact?: boolean
  strict?: boolean
  routes?: RouteEntry[]
}

/** The deepest route the router would draw for `pathname` (it ignores case), or null. */
function leafRoute(list: readonly RouteEntry[], pathname: string): RouteEntry | null {
  for (const r of list) {
    if (typeof r.path !== 'string') continue
    if (!matchPath(pathname, { path: r.path, exact: r.exact ?? false, strict: r.strict ?? false })) continue
    return (r.routes ? leafRoute(r.routes, pathname) : null) ?? r
  }
  return null
}

/**
 * The path of the page `pathname` names in another case (`/Errors` → `/errors`), or null. The
 * client router matches paths ignoring case: it drew the page over the server's not-found page
 * and crashed on some. krs-mock answers such paths 301 itself; this covers other hosts and
 * links followed inside the site.
 */
function casedPagePath(pathname: string, list: readonly RouteEntry[] = routes as RouteEntry[]): string | null {
  const leaf = leafRoute(list, pathname)
  const path = leaf?.path
  if (typeof path !== 'string' || /[*:(]/.test(path) || path === pathname) return null
  return path.toLowerCase() === pathname.replace(/\/+$/, '').toLowerCase() ? path : null
}

/** The whole site: a page asked for in the wrong case goes to its path before anything draws. */
export default function Root({ children }: { children: React.ReactNode }): React.ReactNode {
  const { pathname, search, hash } = useLocation()
  const cased = typeof window === 'undefined' ? null : casedPagePath(pathname)
  useLayoutEffect(() => {
    if (cased !== null) window.location.replace(cased + search + hash)
  }, [cased, search, hash])
  return cased === null ? children : null
}
