import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveStaticFile, startStaticServer, type StaticServer } from './support/static-server.js'

describe('static server used by the browser tests', () => {
  let root: string
  let server: StaticServer
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'krs-static-'))
    mkdirSync(join(root, 'history'))
    writeFileSync(join(root, 'index.html'), 'home')
    writeFileSync(join(root, '404.html'), 'not found page')
    writeFileSync(join(root, 'limitations.html'), 'limits')
    writeFileSync(join(root, 'history.html'), 'history list')
    writeFileSync(join(root, 'history', '1.34-revision-1.html'), 'post')
    mkdirSync(join(root, 'assets'))
    writeFileSync(join(root, 'assets', 'main.1a2b3c4d.js'), 'hashed()')
    writeFileSync(join(root, 'mockServiceWorker.js'), 'worker()')
    server = await startStaticServer(root)
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('maps clean URLs to .html files and directories to index.html', () => {
    expect(resolveStaticFile(root, '/')).toBe(join(root, 'index.html'))
    expect(resolveStaticFile(root, '/limitations')).toBe(join(root, 'limitations.html'))
    expect(resolveStaticFile(root, '/history/1.34-revision-1')).toBe(join(root, 'history', '1.34-revision-1.html'))
    expect(resolveStaticFile(root, '/nothing')).toBeNull()
  })

  it('never leaves the root', () => {
    expect(resolveStaticFile(root, '/../../etc/passwd')).toBeNull()
    expect(resolveStaticFile(root, '/%2e%2e/%2e%2e/etc/passwd')).toBeNull()
  })

  it('answers 200 with the file, and 404 with 404.html for unknown paths', async () => {
    const ok = await fetch(`${server.origin}/history`)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toContain('text/html')
    expect(await ok.text()).toBe('history list')
    const missing = await fetch(`${server.origin}/no/such/page`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('not found page')
  })
  it('caches as a static host does: pages revalidated, hashed files for a year, the rest for five minutes', async () => {
    const page = await fetch(`${server.origin}/history`)
    expect(page.headers.get('cache-control')).toBe('no-cache')
    const etag = page.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(page.headers.get('last-modified')).toMatch(/GMT$/)
    const hashed = await fetch(`${server.origin}/assets/main.1a2b3c4d.js`)
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const plain = await fetch(`${server.origin}/mockServiceWorker.js`)
    expect(plain.headers.get('cache-control')).toBe('public, max-age=300')
    const missing = await fetch(`${server.origin}/no/such/page`)
    expect(missing.headers.get('cache-control')).toBeNull()
    expect(missing.headers.get('etag')).toBeNull()
  })

  it('answers a matching If-None-Match with 304 and no body, another one with the file', async () => {
    const etag = (await fetch(`${server.origin}/history`)).headers.get('etag')!
    const same = await fetch(`${server.origin}/history`, { headers: { 'if-none-match': etag } })
    expect(same.status).toBe(304)
    expect(await same.text()).toBe('')
    const other = await fetch(`${server.origin}/history`, { headers: { 'if-none-match': '"0-0"' } })
    expect(other.status).toBe(200)
    expect(await other.text()).toBe('history list')
  })
})
