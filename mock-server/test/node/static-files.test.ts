import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RunningServer } from '../../src/node/index.js'

// The static file server (`--static`, the docs site beside the API): no way out of its root,
// no crash on a file that cannot be read, the headers a site needs.

// A file whose read fails after it was found (permissions, deleted during a site rebuild).
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>()
  return {
    ...fs,
    createReadStream: (path: string, ...rest: unknown[]) => {
      if (String(path).includes('unreadable')) {
        const r = new Readable({ read() {} })
        // as a real stream with autoClose does on an error: the door's file handle is closed
        // (left to the garbage collector, Node warns with DEP0137)
        const fd = (rest[0] as { fd?: unknown } | undefined)?.fd
        if (fd && typeof (fd as { close?: unknown }).close === 'function')
          r.once('error', () => void (fd as { close: () => Promise<void> }).close().catch(() => {}))
        process.nextTick(() =>
          r.emit(
            'error',
            Object.assign(new Error(`EACCES: permission denied, open '${String(path)}'`), { code: 'EACCES' }),
          ),
        )
        return r
      }
      return (fs.createReadStream as (...a: unknown[]) => unknown)(path, ...rest)
    },
  }
})

// The project shares modules between test files (isolate: false), so the door may already be
// loaded with the real node:fs: drop the module cache and load the door again under the mock.
vi.resetModules()
const { createEngine } = await import('../../src/index.js')
const { startNodeServer } = await import('../../src/node/index.js')
// Node's warnings while this file runs: a file handle the door leaves open is closed by the
// garbage collector with a warning (and DEP0137) in npm test's output, which must stay clean.
const warnings: string[] = []
const onWarning = (w: Error & { code?: string }): void => void warnings.push(`${w.code ?? w.name}: ${w.message}`)
process.on('warning', onWarning)
// and the files after this one load the door with the real node:fs again
afterAll(async () => {
  vi.doUnmock('node:fs')
  vi.resetModules()
  // A file handle left open here is collected now (a full collection, as --expose-gc's gc()
  // does), and Node's warning about it comes in the next turn of the event loop.
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
  await new Promise((r) => setTimeout(r, 100))
  process.off('warning', onWarning)
  expect(
    warnings.filter((w) => /^DEP0|garbage collection/.test(w)),
    'no file handle of the door is left to the garbage collector',
  ).toEqual([])
})

let dir: string
let server: RunningServer | null = null
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-static-'))
  await mkdir(join(dir, 'site', 'assets', 'js'), { recursive: true })
  await writeFile(join(dir, 'site', 'index.html'), `<!doctype html><html><body>${'トップ '.repeat(200)}</body></html>`)
  await writeFile(
    join(dir, 'site', 'assets', 'js', 'main.3f2a1b9c.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))})`,
  )
  await writeFile(join(dir, 'site', 'unreadable.txt'), 'secret')
  await writeFile(join(dir, 'outside.txt'), 'outside the root')
  await symlink(join(dir, 'outside.txt'), join(dir, 'site', 'link.txt'))
  server = await startNodeServer(createEngine({ members: 5 }), { port: 0, staticDir: join(dir, 'site') })
})
afterEach(async () => {
  await server?.close()
  server = null
  await rm(dir, { recursive: true, force: true })
})

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server!.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (d: Buffer) => chunks.push(d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

describe('static files', () => {
  it('answers 500 for a file that cannot be read, and keeps serving', async () => {
    const r = await get('/unreadable.txt')
    expect(r.status).toBe(500)
    expect((await get('/')).status).toBe(200)
  })

  it('does not follow a symbolic link out of the root', async () => {
    const r = await get('/link.txt')
    expect(r.status).toBe(404)
    expect(r.body.toString()).not.toContain('outside the root')
  })

  it('sends nosniff, a CSP and no-cache for HTML; long cache for hashed assets', async () => {
    const page = await get('/')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    expect(page.headers['cache-control']).toBe('no-cache')
    const asset = await get('/assets/js/main.3f2a1b9c.js')
    expect(asset.headers['cache-control']).toContain('max-age=31536000')
    expect(asset.headers['x-content-type-options']).toBe('nosniff')
  })

  it('compresses text with brotli or gzip as the client accepts', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toContain('トップ')
    const gz = await get('/assets/js/main.3f2a1b9c.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toContain('console.log')
    expect(gz.headers.vary).toContain('Accept-Encoding')
    const plain = await get('/')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toContain('トップ')
  })
})

describe('old page links (.html, /index.html, a trailing slash)', () => {
  beforeEach(async () => {
    await mkdir(join(dir, 'site', 'tutorials'), { recursive: true })
    await writeFile(join(dir, 'site', 'tutorials.html'), 'tutorials')
    await writeFile(join(dir, 'site', 'tutorials', 'getting-started.html'), 'getting started')
    await mkdir(join(dir, 'site', 'soap'), { recursive: true })
    await writeFile(join(dir, 'site', 'soap', 'index.html'), 'soap')
  })

  it('answers 301 to the clean path for every old form of a page', async () => {
    for (const [from, to] of [
      ['/index.html', '/'],
      ['/tutorials.html', '/tutorials'],
      ['/tutorials/', '/tutorials'],
      ['/tutorials/index.html', '/tutorials'],
      ['/tutorials/getting-started.html', '/tutorials/getting-started'],
      ['/tutorials/getting-started/', '/tutorials/getting-started'],
      ['/soap/', '/soap'],
      ['/soap/index.html', '/soap'],
    ]) {
      const r = await get(from!)
      expect({ from, status: r.status, location: r.headers.location }).toEqual({ from, status: 301, location: to })
    }
    expect((await get('/tutorials/getting-started')).body.toString()).toBe('getting started')
    expect((await get('/soap')).body.toString()).toBe('soap')
  })

  it('leaves other paths alone: no redirect to a page that does not exist, assets as they are', async () => {
    expect((await get('/nothing.html')).status).toBe(404)
    expect((await get('/nothing/')).status).toBe(404)
    expect((await get('/assets/js/main.3f2a1b9c.js')).status).toBe(200)
    expect((await get('/')).status).toBe(200)
  })
})
