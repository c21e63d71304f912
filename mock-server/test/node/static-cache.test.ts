import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { type RunningServer, startNodeServer } from '../../src/node/index.js'
import { setStaticCacheBudget, staticCacheStats } from '../../src/node/static-files.js'

// --static compresses a text file once and keeps its variants within a byte budget: files that
// do not fit are sent as they are, never compressed again on each request (cycling over more
// files than the budget holds used to evict and recompress on every request).

let dir = ''
let server: RunningServer
const FILES = 6

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-static-cache-'))
  // 200 KB of hex each: about 100 KB per variant, so four files fill a 1 MB budget
  for (let i = 0; i < FILES; i++) await writeFile(join(dir, `f${i}.txt`), randomBytes(100 * 1024).toString('hex'))
  setStaticCacheBudget(1024 * 1024)
  server = await startNodeServer(createEngine({ members: 5 }), { port: 0, staticDir: dir })
})

afterAll(async () => {
  setStaticCacheBudget(64 * 1024 * 1024)
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

async function round(): Promise<string[]> {
  const encodings: string[] = []
  for (let i = 0; i < FILES; i++) {
    const res = await fetch(`${server.url}/f${i}.txt`, { headers: { 'accept-encoding': 'br' } })
    expect(res.status).toBe(200)
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
    encodings.push(res.headers.get('content-encoding') ?? 'none')
  }
  return encodings
}

describe('the compressed cache of --static', () => {
  it('compresses each file at most once, and sends what does not fit uncompressed', async () => {
    const before = staticCacheStats.compressions
    const first = await round()
    const made = staticCacheStats.compressions - before
    expect(made).toBeLessThanOrEqual(FILES)
    expect(first.filter((e) => e === 'br').length).toBeGreaterThan(0)
    expect(first).toContain('none')
    for (let r = 0; r < 3; r++) expect(await round()).toEqual(first)
    expect(staticCacheStats.compressions - before).toBe(made)
  })
})
