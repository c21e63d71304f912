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
})
