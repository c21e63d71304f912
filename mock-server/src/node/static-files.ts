import { constants as fsConstants, createReadStream } from 'node:fs'
import { type FileHandle, open, readdir, readlink, realpath, stat } from 'node:fs/promises'
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import { extname, join, normalize, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

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
/**
 * Text files up to this size are compressed before their first answer (on libuv's threads,
 * never on the event loop); larger ones are answered uncompressed while their compression
 * runs in the background, and compressed from then on.
 */
const COMPRESS_INLINE_BYTES = 256 * 1024
/**
 * Total bytes of compressed variants kept. A file is compressed only while the budget has room
 * for it (its size is reserved until its variants are known); past the budget, files are sent
 * uncompressed rather than compressed again on every request.
 */
let cacheMaxBytes = 64 * 1024 * 1024
/** A file whose variants would take more than this share of the cache is never kept (nor compressed again and again). */
const entryMaxBytes = (): number => cacheMaxBytes / 4

/** Compressions made so far (the tests and benches read it). */
export const staticCacheStats = { compressions: 0 }

/** Change the byte budget of the compressed cache (tests; the default is 64 MB). */
export function setStaticCacheBudget(bytes: number): void {
  cacheMaxBytes = bytes
}

/**
 * Where the playground's page may send requests: exactly the targets its picker offers. The
 * page's own origin (the in-browser emulator, this server's API and its proxy of the real
 * service, `--proxy-target`), a local `krs mock` on any port of 127.0.0.1 or localhost, and the
 * real service. (Chromium ignores an IPv6 literal such as http://[::1]:* in a source list.)
 */
const SITE_CONNECT_SOURCES = ["'self'", 'http://127.0.0.1:*', 'http://localhost:*', 'https://krs.bz'] as const

/**
 * The Content-Security-Policy of the site: everything from the server itself, and requests to
 * the playground's targets (SITE_CONNECT_SOURCES). Docusaurus puts small inline scripts (colour
 * mode) and inline styles in its pages; the playground compiles JSON Schemas with Ajv
 * (`new Function`: 'unsafe-eval') and runs the emulator in a service worker (MSW). No other
 * origin may frame the site.
 */
export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src ${SITE_CONNECT_SOURCES.join(' ')}`,
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
/** Bytes set aside for compressions under way. */
let reserved = 0
/** Versions of files (`file\0mtime\0size`) that are not compressed: too big for the budget or its share. */
const uncompressed = new Set<string>()

const variantBytes = (c: Compressed): number => (c.br?.length ?? 0) + (c.gzip?.length ?? 0)

/** Compressions under way, by file version: one at a time per file. */
const compressing = new Map<string, Promise<Compressed | null>>()

/**
 * brotli and gzip variants of a text file's bytes, made once per version of the file and kept
 * within the budget; null when the file is not kept compressed (then never tried again).
 */
function compress(file: string, mtimeMs: number, bytes: Buffer): Promise<Compressed | null> {
  const key = `${file}\0${mtimeMs}\0${bytes.length}`
  const running = compressing.get(key)
  if (running) return running
  const old = cache.get(file)
  const freed = old ? variantBytes(old) : 0
  if (uncompressed.has(key)) return Promise.resolve(null)
  // no room even with nothing under way: never compressed; room taken by compressions under
  // way: sent as it is this time, tried again later
  if (cacheBytes - freed + bytes.length > cacheMaxBytes) uncompressed.add(key)
  if (cacheBytes - freed + reserved + bytes.length > cacheMaxBytes) return Promise.resolve(null)
  reserved += bytes.length
  staticCacheStats.compressions++
  const job = Promise.all([
    brotliAsync(bytes, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzipAsync(bytes, { level: 9 }),
  ])
    .then(([br, gz]): Compressed | null => {
      const entry: Compressed = { mtimeMs, size: bytes.length, br, gzip: gz }
      const previous = cache.get(file)
      const size = variantBytes(entry)
      if (size > entryMaxBytes() || cacheBytes - (previous ? variantBytes(previous) : 0) + size > cacheMaxBytes) {
        uncompressed.add(key)
        return null
      }
      if (previous) cacheBytes -= variantBytes(previous)
      cache.set(file, entry)
      cacheBytes += size
      return entry
    })
    .finally(() => {
      reserved -= bytes.length
      compressing.delete(key)
    })
  compressing.set(key, job)
  return job
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

/** A file opened inside the root: what is sent is what was checked (no check-then-open race). */
interface OpenFile {
  handle: FileHandle
  /** Its real path (of the open handle). */
  path: string
  size: number
  mtimeMs: number
}

/** Send an opened file and close it; a read error after the headers ends the answer instead of the process. */
async function sendFile(
  f: OpenFile,
  status: number,
  method: string,
  headers: IncomingHttpHeaders,
  res: ServerResponse,
): Promise<void> {
  const { path: file, size, mtimeMs } = f
  let streaming = false
  try {
    const h = baseHeaders(file)
    const ext = extname(file).toLowerCase()
    const encoding =
      COMPRESSIBLE.has(ext) && size > 256 && size <= COMPRESS_MAX_BYTES
        ? pickEncoding(headers['accept-encoding'])
        : null
    if (encoding) {
      const hit = cache.get(file)
      let c = hit && hit.mtimeMs === mtimeMs && hit.size === size ? hit : null
      let plain: Buffer | null = null
      if (!c) {
        plain = await f.handle.readFile()
        const job = compress(file, mtimeMs, plain)
        // A large file is answered as it is this time; its variants are ready for the next.
        if (size <= COMPRESS_INLINE_BYTES) c = await job
        else job.catch(() => {})
      }
      if (c) {
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
      if (plain) {
        res.writeHead(status, { ...h, vary: 'Accept-Encoding', 'content-length': String(plain.length) })
        res.end(method === 'HEAD' ? undefined : plain)
        return
      }
    }
    if (COMPRESSIBLE.has(ext)) h.vary = 'Accept-Encoding'
    if (method === 'HEAD') {
      res.writeHead(status, { ...h, 'content-length': String(size) })
      res.end()
      return
    }
    streaming = true
    // Read from the handle that was checked (the path only names the stream); it closes the handle.
    await new Promise<void>((done, fail) => {
      const stream = createReadStream(file, { fd: f.handle, autoClose: true })
      stream.once('error', (e) => {
        if (!res.headersSent) fail(e)
        else {
          res.destroy(e)
          done()
        }
      })
      // Headers once the first read worked: a file that cannot be read is still a 500.
      stream.once('readable', () => {
        if (!res.headersSent) res.writeHead(status, { ...h, 'content-length': String(size) })
        stream.pipe(res)
      })
      stream.once('end', () => done())
      res.once('close', () => {
        stream.destroy()
        done()
      })
    })
  } finally {
    if (!streaming) await f.handle.close().catch(() => {})
  }
}

/** A path segment that starts with a dot (`.env`, `.git/config`): never served. */
const DOT_SEGMENT = /(?:^|[\\/])\./

/**
 * Open `candidate` when it is a regular file inside the real root with no dot-file or
 * dot-folder on its real path, else null. The checks are made on the open handle (its real
 * path from /proc/self/fd, or, where there is none, the identity of the file found by
 * realpath): a symbolic link swapped in between check and open is never served.
 */
async function openInside(realRoot: string, candidate: string): Promise<OpenFile | null> {
  let handle: FileHandle
  try {
    // O_NONBLOCK: opening a FIFO does not wait for a writer.
    handle = await open(candidate, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0))
  } catch {
    return null
  }
  try {
    const st = await handle.stat()
    if (!st.isFile()) throw new Error('not a file')
    let real = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => null)
    if (real === null) {
      real = await realpath(candidate)
      const again = await stat(real)
      if (again.ino !== st.ino || again.dev !== st.dev) throw new Error('the file changed while it was opened')
    }
    if (real !== realRoot && !real.startsWith(realRoot + sep)) throw new Error('outside the root')
    if (DOT_SEGMENT.test(relative(realRoot, real))) throw new Error('a dot-file')
    return { handle, path: real, size: st.size, mtimeMs: st.mtimeMs }
  } catch {
    await handle.close().catch(() => {})
    return null
  }
}

/** Whether `candidate` is a file that would be served (openInside), without keeping it open. */
async function servable(realRoot: string, candidate: string): Promise<boolean> {
  const f = await openInside(realRoot, candidate)
  if (!f) return false
  await f.handle.close().catch(() => {})
  return true
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
  if (decoded.includes('\0') || DOT_SEGMENT.test(decoded)) return false
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
      if (!(await servable(realRoot, candidate))) continue
      res.writeHead(301, { location: clean, 'cache-control': 'no-cache', 'content-length': '0' })
      res.end()
      return true
    }
  }
  for (const candidate of [target, join(target, 'index.html'), `${target}.html`]) {
    const f = await openInside(realRoot, candidate)
    if (!f) continue
    try {
      await sendFile(f, 200, method, headers, res)
    } catch {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' })
        res.end('500: the file could not be read\n')
      }
    }
    return true
  }
  // A known page written in another case (`/Errors`): 301 to its path. The client router
  // matches paths ignoring case and drew the page (or crashed) over the not-found page.
  const cased = await pagePathIgnoringCase(realRoot, decoded)
  if (cased !== null && cased !== decoded) {
    const location = cased
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/')
    res.writeHead(301, { location, 'cache-control': 'no-cache', 'content-length': '0' })
    res.end()
    return true
  }
  return false
}

/** Path segments looked up ignoring case, at most: deeper paths are no page of the site. */
const CASE_FOLD_MAX_DEPTH = 8

/**
 * The page path (`/errors/http-status-codes`) whose letters differ from `decoded` only in
 * case, or null when there is none or more than one. A page is `<path>.html` or
 * `<path>/index.html`, as serveStatic finds them.
 */
async function pagePathIgnoringCase(realRoot: string, decoded: string): Promise<string | null> {
  const parts = decoded.split('/').filter((p) => p !== '')
  if (parts.length === 0 || parts.length > CASE_FOLD_MAX_DEPTH) return null
  let dirs: string[] = ['']
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1
    const want = part.toLowerCase()
    const next: string[] = []
    for (const dir of dirs) {
      const names = await readdir(join(realRoot, dir)).catch(() => [] as string[])
      for (const name of names) {
        const lower = name.toLowerCase()
        if (lower === want || (last && lower === `${want}.html`)) next.push(`${dir}/${name}`)
      }
    }
    if (next.length === 0) return null
    dirs = next
  }
  const pages = new Set<string>()
  for (const found of dirs) {
    const path = found.replace(/\.html$/i, '')
    const candidates = found.endsWith('.html') ? [found] : [join(found, 'index.html')]
    for (const c of candidates) if (await servable(realRoot, join(realRoot, c))) pages.add(path)
  }
  return pages.size === 1 ? [...pages][0]! : null
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
  const f = await openInside(realRoot, join(realRoot, '404.html'))
  if (!f) return false
  try {
    await sendFile(f, 404, method, headers, res)
    return true
  } catch {
    return false
  }
}
