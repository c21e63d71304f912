import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEngine, type Engine, type EngineStateFile } from '../../src/index.js'
import { durableStorage } from '../../src/program/durable-state.js'
import { START } from '../support/in-process.js'

// A --data-dir whose saved state has a tenant that does not load (written by another version,
// edited by hand): the server starts with the other tenants, names the bad one and the JSON
// pointer, and keeps its entry in <data-dir>/rejected/ instead of refusing to start.

const STATE = 'krs-mock-state.json'
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-rejected-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function open(): Promise<{ engine: Engine; errors: string[]; close: () => Promise<void> }> {
  const errors: string[] = []
  const storage = durableStorage(dir, { intervalMs: 3_600_000, onError: (m) => errors.push(m) })
  const engine = createEngine({ members: 3, clock: { mode: 'manual', now: START }, persistence: storage.persistence })
  const durable = await storage.open(engine)
  return { engine, errors, close: () => durable.close() }
}

/** A saved state of the default tenant and two created ones, then `spoil` applied to it. */
async function savedState(spoil: (s: EngineStateFile) => void): Promise<{ created: string[] }> {
  const { engine, close } = await open()
  const created = [engine.createTenant().id, engine.createTenant().id]
  await close()
  const saved = JSON.parse(await readFile(join(dir, STATE), 'utf8')) as EngineStateFile
  spoil(saved)
  await writeFile(join(dir, STATE), JSON.stringify(saved))
  return { created }
}

describe('a saved tenant that does not load is set aside', () => {
  it('starts the other tenants, names the tenant and the pointer, and keeps its entry in rejected/', async () => {
    let bad = ''
    const { created } = await savedState((s) => {
      const i = s.tenants.findIndex((t) => t.tenant_id !== 'default')
      bad = s.tenants[i]!.tenant_id
      s.tenants[i]!.clock.speed = 1_000_001
    })
    const good = created.find((id) => id !== bad)!
    const { engine, errors, close } = await open()
    expect(engine.tenant(bad)).toBeUndefined()
    expect(engine.tenant(good)).toBeDefined()
    expect(engine.tenant('default')).toBeDefined()
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(`tenant ${bad} `)
    expect(errors[0]).toMatch(/\/tenants\/\d+\/clock\/speed must be <= 1000000/)
    const [kept] = await readdir(join(dir, 'rejected'))
    expect(kept).toMatch(new RegExp(`^${bad}-\\d+\\.json$`))
    const entry = JSON.parse(await readFile(join(dir, 'rejected', kept!), 'utf8'))
    expect(entry.reason).toContain('/clock/speed')
    expect(entry.tenant.tenant_id).toBe(bad)
    await close()
    // the state file no longer has it: the next start is clean
    const again = await open()
    expect(again.errors).toEqual([])
    expect(again.engine.tenant(good)).toBeDefined()
    await again.close()
  })

  it('a default tenant that does not load is built again from the scenario; the created tenants start', async () => {
    const { created } = await savedState((s) => {
      s.tenants.find((t) => t.tenant_id === 'default')!.seed = -1
    })
    const { engine, errors, close } = await open()
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('tenant default ')
    expect(errors[0]).toMatch(/\/tenants\/\d+\/seed must be >= 0/)
    for (const id of created) expect(engine.tenant(id)).toBeDefined()
    const res = await engine.handle(
      new Request('http://krs.test/api/v1/get_member_tables', {
        method: 'POST',
        headers: { authorization: 'Bearer krs-all', 'content-type': 'application/json' },
        body: '{}',
      }),
    )
    expect(res.status).toBe(200)
    await close()
  })
})
