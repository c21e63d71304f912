import { createReadStream, existsSync, statSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
}

export interface StaticServer {
  origin: string
  close(): Promise<void>
}

const isFile = (p: string): boolean => existsSync(p) && statSync(p).isFile()

/**
 * Resolves a URL path the way a static host does for a Docusaurus build with
 * trailingSlash false: the file itself, then `<path>.html`, then `<path>/index.html`.
 */
export function resolveStaticFile(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const target = normalize(join(root, decoded))
  if (target !== root && !target.startsWith(root + sep)) return null
  for (const candidate of [target, `${target}.html`, join(target, 'index.html')]) {
    if (isFile(candidate)) return candidate
  }
  return null
}

/** A file name with a content hash (`main.1a2b3c4d.js`, `runtime.491d6d1c1d3a.js`): its content never changes. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i

/**
 * The caching headers of a found file, as a static host serving a Docusaurus build is set up
 * (and as `krs-mock --static` answers): pages are revalidated on every load (`no-cache` with an
 * ETag), files named by their content hash are kept for a year, the rest for five minutes. A
 * browser test then loads a page the way a reader's browser does on its second page: scripts
 * from its cache (with V8's compiled code kept beside them), not fetched and compiled anew.
 */
function cachingHeaders(file: string): Record<string, string> {
  const { size, mtimeMs } = statSync(file)
  return {
    etag: `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`,
    'last-modified': new Date(mtimeMs).toUTCString(),
    'cache-control':
      extname(file) === '.html'
        ? 'no-cache'
        : HASHED.test(file)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300',
  }
}

/**
 * Serves `root` on a random 127.0.0.1 port with caching headers (`cachingHeaders`; a matching
 * If-None-Match gets 304); unknown paths get 404.html with status 404, which is not cached.
 */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const file = resolveStaticFile(root, path)
    const body = file ?? join(root, '404.html')
    const type = { 'content-type': contentTypes[extname(body)] ?? 'application/octet-stream' }
    if (file === null) {
      res.writeHead(404, type)
      createReadStream(body).pipe(res)
      return
    }
    const caching = cachingHeaders(file)
    if (req.headers['if-none-match'] === caching.etag) {
      res.writeHead(304, caching)
      res.end()
      return
    }
    res.writeHead(200, { ...type, ...caching })
    createReadStream(body).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  }
}
