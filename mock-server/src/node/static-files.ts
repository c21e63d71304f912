import { createReadStream } from 'node:fs'
import { readFile, realpath, stat } from 'node:fs/promises'
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'

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
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
}

/** Types worth compressing (text); images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.map'])
/** Text files up to this size are compressed once and kept in memory. */
const COMPRESS_MAX_BYTES = 8 * 1024 * 1024
/** Total bytes of compressed variants kept (least recently added go first). */
const CACHE_MAX_BYTES = 64 * 1024 * 1024

/**
 * The Content-Security-Policy of the site: everything from the server itself. Docusaurus
 * puts small inline scripts (colour mode) and inline styles in its pages; the playground
 * compiles JSON Schemas with Ajv (`new Function`: 'unsafe-eval') and runs the emulator in a
 * service worker (MSW). No other origin may frame the site.
 */
export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Docusaurus and webpack put a content hash in these names (`main.3f2a1b9c.js`). */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i

interface Compressed {
  mtimeMs: number
  size: number
  br: Buffer | null
  gzip: Buffer | null
}
const cache = new Map<string, Compressed>()
let cacheBytes = 0

function remember(file: string, entry: Compressed): void {
  const bytes = (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0)
  const old = cache.get(file)
  if (old) cacheBytes -= (old.br?.length ?? 0) + (old.gzip?.length ?? 0)
  cache.set(file, entry)
  cacheBytes += bytes
  for (const [k, v] of cache) {
    if (cacheBytes <= CACHE_MAX_BYTES) break
    cache.delete(k)
    cacheBytes -= (v.br?.length ?? 0) + (v.gzip?.length ?? 0)
  }
}

/** brotli and gzip variants of a text file, made once per version of the file. */
async function compressedOf(file: string, mtimeMs: number, size: number): Promise<Compressed> {
  const hit = cache.get(file)
  if (hit && hit.mtimeMs === mtimeMs && hit.size === size) return hit
  const bytes = await readFile(file)
  const entry: Compressed = {
    mtimeMs,
    size,
    br: brotliCompressSync(bytes, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzip: gzipSync(bytes, { level: 9 }),
  }
  remember(file, entry)
  return entry
}

/** `br`, `gzip` or null, from Accept-Encoding (q=0 refuses). */
function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null
  const offered = new Map<string, number>()
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((x) => x !== undefined)
    offered.set(name!.trim(), q === undefined ? 1 : Number(q))
  }
  const ok = (n: string): boolean => (offered.get(n) ?? offered.get('*') ?? 0) > 0
  if (ok('br')) return 'br'
  if (ok('gzip')) return 'gzip'
  return null
}

/** Headers every static answer carries. */
function baseHeaders(file: string): Record<string, string> {
  const ext = extname(file).toLowerCase()
  const html = ext === '.html'
  return {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'cache-control': html
      ? 'no-cache'
      : HASHED.test(file)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300',
    ...(html ? { 'content-security-policy': SITE_CSP, 'referrer-policy': 'strict-origin-when-cross-origin' } : {}),
  }
}

/** Send a file; a read error after the headers ends the answer instead of the process. */
async function sendFile(
  file: string,
  size: number,
  mtimeMs: number,
  status: number,
  method: string,
  headers: IncomingHttpHeaders,
  res: ServerResponse,
): Promise<void> {
  const h = baseHeaders(file)
  const ext = extname(file).toLowerCase()
  const encoding =
    COMPRESSIBLE.has(ext) && size > 256 && size <= COMPRESS_MAX_BYTES ? pickEncoding(headers['accept-encoding']) : null
  if (encoding) {
    const c = await compressedOf(file, mtimeMs, size)
    const body = encoding === 'br' ? c.br! : c.gzip!
    res.writeHead(status, {
      ...h,
      'content-encoding': encoding,
      vary: 'Accept-Encoding',
      'content-length': String(body.length),
    })
    res.end(method === 'HEAD' ? undefined : body)
    return
  }
  if (COMPRESSIBLE.has(ext)) h.vary = 'Accept-Encoding'
  if (method === 'HEAD') {
    res.writeHead(status, { ...h, 'content-length': String(size) })
    res.end()
    return
  }
  // Open before answering: a file that cannot be read is a 500, not a crash.
  await new Promise<void>((done, fail) => {
    const stream = createReadStream(file)
    stream.once('error', (e) => {
      if (!res.headersSent) fail(e)
      else {
        res.destroy(e)
        done()
      }
    })
    stream.once('open', () => {
      res.writeHead(status, { ...h, 'content-length': String(size) })
      stream.pipe(res)
    })
    stream.once('end', () => done())
    res.once('close', () => {
      stream.destroy()
      done()
    })
  })
}

/** The real path of `candidate` when it is a file inside the real root, else null. */
async function fileInside(
  realRoot: string,
  candidate: string,
): Promise<{ path: string; size: number; mtimeMs: number } | null> {
  const real = await realpath(candidate).catch(() => null)
  if (real === null || (real !== realRoot && !real.startsWith(realRoot + sep))) return null
  const s = await stat(real).catch(() => null)
  return s?.isFile() ? { path: real, size: s.size, mtimeMs: s.mtimeMs } : null
}

/**
 * The clean form of a page path written the old ways (`/a.html`, `/a/index.html`, `/a/`), or
 * null when `urlPath` has none of those endings. The site's links have no ending (Docusaurus,
 * trailingSlash false), and its client router crashes on the other forms.
 */
export function cleanPagePath(urlPath: string): string | null {
  const clean = urlPath
    .replace(/\/index\.html$/i, '/')
    .replace(/\.html$/i, '')
    .replace(/\/+$/, '')
  const out = clean === '' ? '/' : clean
  return out === urlPath ? null : out
}

/**
 * Serve a file of `root` for a GET/HEAD path (the docs site beside the API). A directory
 * serves its index.html; a path without extension tries `<path>.html`. A page asked for with an
 * old ending (`.html`, `/index.html`, a trailing slash) is answered 301 to its clean path (the
 * query is not kept). Symbolic links are followed only when they stay inside the root. Returns
 * false when nothing matches, so the caller answers as usual; a file that cannot be read is
 * answered 500 (never a crash).
 */
export async function serveStatic(
  root: string,
  urlPath: string,
  method: string,
  res: ServerResponse,
  headers: IncomingHttpHeaders = {},
): Promise<boolean> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return false
  }
  if (decoded.includes('\0')) return false
  const base = resolve(root)
  const target = normalize(join(base, decoded))
  if (target !== base && !target.startsWith(base + sep)) return false
  const realRoot = await realpath(base).catch(() => null)
  if (realRoot === null) return false
  const clean = cleanPagePath(urlPath)
  if (clean !== null) {
    const page = normalize(join(base, decodeURIComponent(clean)))
    const pages = clean === '/' ? [join(page, 'index.html')] : [`${page}.html`, join(page, 'index.html')]
    for (const candidate of pages) {
      if (!(await fileInside(realRoot, candidate))) continue
      res.writeHead(301, { location: clean, 'cache-control': 'no-cache', 'content-length': '0' })
      res.end()
      return true
    }
  }
  for (const candidate of [target, join(target, 'index.html'), `${target}.html`]) {
    const f = await fileInside(realRoot, candidate)
    if (!f) continue
    try {
      await sendFile(f.path, f.size, f.mtimeMs, 200, method, headers, res)
    } catch {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' })
        res.end('500: the file could not be read\n')
      }
    }
    return true
  }
  return false
}

/**
 * The site's not-found page (`404.html` of `root`) with status 404, for a browser asking for
 * a page that does not exist. Returns false when the site has no such page.
 */
export async function serveNotFoundPage(
  root: string,
  method: string,
  res: ServerResponse,
  headers: IncomingHttpHeaders = {},
): Promise<boolean> {
  const realRoot = await realpath(resolve(root)).catch(() => null)
  if (realRoot === null) return false
  const f = await fileInside(realRoot, join(realRoot, '404.html'))
  if (!f) return false
  try {
    await sendFile(f.path, f.size, f.mtimeMs, 404, method, headers, res)
    return true
  } catch {
    return false
  }
}
