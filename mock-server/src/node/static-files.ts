import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
}

/**
 * Serve a file of `root` for a GET/HEAD path (the docs site beside the API). A directory
 * serves its index.html; a path without extension tries `<path>.html`. Returns false when
 * nothing matches, so the caller answers as usual.
 */
export async function serveStatic(root: string, urlPath: string, method: string, res: ServerResponse): Promise<boolean> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return false
  }
  const base = resolve(root)
  const target = normalize(join(base, decoded))
  if (target !== base && !target.startsWith(base + sep)) return false
  for (const candidate of [target, join(target, 'index.html'), `${target}.html`]) {
    const s = await stat(candidate).catch(() => null)
    if (!s?.isFile()) continue
    res.writeHead(200, {
      'content-type': TYPES[extname(candidate).toLowerCase()] ?? 'application/octet-stream',
      'content-length': String(s.size),
    })
    if (method === 'HEAD') res.end()
    else createReadStream(candidate).pipe(res)
    return true
  }
  return false
}

/**
 * The site's not-found page (`404.html` of `root`) with status 404, for a browser asking for
 * a page that does not exist. Returns false when the site has no such page.
 */
export async function serveNotFoundPage(root: string, method: string, res: ServerResponse): Promise<boolean> {
  const page = join(resolve(root), '404.html')
  const s = await stat(page).catch(() => null)
  if (!s?.isFile()) return false
  res.writeHead(404, { 'content-type': TYPES['.html']!, 'content-length': String(s.size) })
  if (method === 'HEAD') res.end()
  else createReadStream(page).pipe(res)
  return true
}
