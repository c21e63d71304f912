import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEngine } from '../src/index.js'
import { loadState, saveState, startAutosave, STATE_FILE, writeFileAtomic } from '../src/program/persistence.js'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-mock-persist-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('persistence', () => {
  it('writes atomically: the old file stays whole until the rename, no temp file is left', async () => {
    const file = join(dir, 'state.json')
    await writeFile(file, 'old')
    await writeFileAtomic(file, 'new contents')
    expect(await readFile(file, 'utf8')).toBe('new contents')
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('saves every tenant and loads them into a new engine', async () => {
    const engine = createEngine({ clock: { mode: 'manual', now: 2_000_000_000 } })
    const t = engine.createTenant()
    t.clock.advance(77)
    engine.defaultTenant.state.environmentName = 'saved environment'
    await saveState(engine, dir)

    const next = createEngine()
    expect(await loadState(next, dir)).toBe(true)
    expect(
      next
        .tenants()
        .map((x) => x.id)
        .sort(),
    ).toEqual(['default', t.id].sort())
    expect(next.defaultTenant.state.environmentName).toBe('saved environment')
    expect(next.tenant(t.id)!.clock.now()).toBe(2_000_000_077)
    // Tokens of the saved tenant still resolve.
    const token = [...t.state.tokens.keys()][0]!
    const res = await next.handle(
      new Request('http://x/__mock/clock', { headers: { authorization: `Bearer ${token}` } }),
    )
    expect(((await res.json()) as { now: number }).now).toBe(2_000_000_077)
  })

  it('loadState answers false when nothing was saved yet', async () => {
    expect(await loadState(createEngine(), dir)).toBe(false)
  })

  it('refuses a state file of another format', async () => {
    await writeFile(join(dir, STATE_FILE), JSON.stringify({ format: 'other' }))
    await expect(loadState(createEngine(), dir)).rejects.toThrow(/format/)
  })

  it('autosave writes only when the state changed', async () => {
    const engine = createEngine()
    const auto = startAutosave(engine, dir, 60_000)
    try {
      await auto.flush()
      expect(await readdir(dir)).toEqual([])
      engine.createTenant()
      await auto.flush()
      const saved = JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8')) as { tenants: unknown[] }
      expect(saved.tenants).toHaveLength(2)
    } finally {
      auto.stop()
    }
  })
})
