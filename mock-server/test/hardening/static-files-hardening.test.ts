import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'

let dir = ''
let server: RunningServer | null = null
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-static-hard-'))
  await mkdir(join(dir, 'site', '.git'), { recursive: true })
  await writeFile(join(dir, 'site', 'index.html'), '<!doctype html><p>top</p>')
  await writeFile(join(dir, 'site', '.env'), 'SECRET=1')
  await writeFile(join(dir, 'site', '.git', 'config'), '[core]')
  await writeFile(join(dir, 'outside.txt'), 'OUTSIDE')
  server = await startNodeServer(createEngine({ members: 5 }), { port: 0, staticDir: join(dir, 'site') })
})
afterEach(async () => {
  await server?.close()
  server = null
  await rm(dir, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server!.url}${path}`, { headers }).then(async (r) => ({
    status: r.status,
    encoding: r.headers.get('content-encoding'),
    text: await r.text(),
  }))

describe('--static (issue 29, point 10)', () => {
  it('never serves dot-files or dot-folders', async () => {
    for (const path of ['/.env', '/.git/config', '/%2eenv', '/.git/']) {
      const r = await get(path)
      expect(r.status, path).toBe(404)
      expect(r.text).not.toContain('SECRET')
      expect(r.text).not.toContain('[core]')
    }
    expect((await get('/')).status).toBe(200)
  })
})
