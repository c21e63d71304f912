import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { createEngine } from '../../src/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'

export interface StaticAnswer {
  status: number
  encoding: string | null
  text: string
}

/**
 * Before each test, a temporary folder with `site/` (an index page, a `.env` and a `.git/config`
 * that must never be served) and `outside.txt` beside it, and a Node door serving `site/` with
 * `--static`; both are removed after the test.
 */
export function useStaticSite(): {
  dir: () => string
  get: (path: string, headers?: Record<string, string>) => Promise<StaticAnswer>
} {
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
  return {
    dir: () => dir,
    get: (path, headers = {}) =>
      fetch(`${server!.url}${path}`, { headers }).then(async (r) => ({
        status: r.status,
        encoding: r.headers.get('content-encoding'),
        text: await r.text(),
      })),
  }
}
