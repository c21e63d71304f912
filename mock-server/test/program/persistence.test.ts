import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEngine, type Engine, type PersistenceHook, type WriteRecord } from '../../src/index.js'
import { loadState, saveState, startAutosave, STATE_FILE, writeFileAtomic } from '../../src/program/persistence.js'

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

describe('the persistence hook (EngineOptions.persistence), called by the kernel', () => {
  const addMember = (engine: Engine, mail: string): Promise<Response> =>
    engine.handle(
      new Request('http://krs.test/api/v1/add_member', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
        body: JSON.stringify({ member_table_id: 1, member_info: { e_4: mail, e_5: 'abcd1234', e_6: '保存 太郎' } }),
      }),
    )
  const admin = (engine: Engine, method: string, path: string, body?: unknown): Promise<Response> =>
    engine.handle(
      new Request(`http://127.0.0.1/__mock/${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      }),
    )

  function recordingHook() {
    const writes: WriteRecord[] = []
    let adminChanges = 0
    const hook: PersistenceHook = {
      onWrite: async (r) => void writes.push(r),
      onAdminChange: async () => void adminChanges++,
    }
    return { hook, writes, adminChanges: () => adminChanges }
  }

  it('hands each accepted API write to onWrite, and no read or refused call', async () => {
    const rec = recordingHook()
    const engine = createEngine({ members: 5, clock: { mode: 'manual', now: 2_000_000_000 }, persistence: rec.hook })
    expect((await addMember(engine, 'hook@example.com')).status).toBe(200)
    expect(rec.writes).toHaveLength(1)
    expect(rec.writes[0]).toMatchObject({ tenant: 'default', at: 2_000_000_000, path: '/api/v1/add_member' })
    expect(JSON.parse(rec.writes[0]!.body)).toMatchObject({ member_info: { e_4: 'hook@example.com' } })
    // a read, and a write the contract refuses (no member_info), are not handed over
    await engine.handle(
      new Request('http://krs.test/api/v1/get_version', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
        body: '{}',
      }),
    )
    await engine.handle(
      new Request('http://krs.test/api/v1/add_member', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
        body: '{"member_table_id":1}',
      }),
    )
    expect(rec.writes).toHaveLength(1)
    expect(rec.adminChanges()).toBe(0)
  })

  it('calls onAdminChange after an admin call that changed state, before answering it; not after a read', async () => {
    let release: () => void = () => {}
    let calls = 0
    const engine = createEngine({
      clock: { mode: 'manual', now: 2_000_000_000 },
      persistence: {
        onWrite: async () => {},
        onAdminChange: () => {
          calls++
          return new Promise<void>((done) => {
            release = done
          })
        },
      },
    })
    expect((await admin(engine, 'GET', 'clock')).status).toBe(200)
    expect(calls).toBe(0)
    let answered = false
    const advancing = admin(engine, 'POST', 'clock', { advance_seconds: 60 }).then((r) => {
      answered = true
      return r
    })
    await new Promise((r) => setTimeout(r, 20))
    expect(calls).toBe(1)
    expect(answered).toBe(false) // the answer waits for the store
    release()
    expect((await advancing).status).toBe(200)
  })

  it('answers 500 when the store refuses a write (it was applied but is not durable)', async () => {
    const logged: string[] = []
    const engine = createEngine({
      persistence: { onWrite: () => Promise.reject(new Error('disk full')), onAdminChange: async () => {} },
      logger: { error: (m) => void logged.push(m), warn: () => {} },
    })
    const res = await addMember(engine, 'lost@example.com')
    expect(res.status).toBe(500)
    expect(await res.text()).toContain('disk full')
    expect(logged).toEqual([expect.stringContaining('the write was applied but could not be logged')])
  })

  it('does not hand the writes it replays to the store a second time', async () => {
    const first = recordingHook()
    const a = createEngine({ members: 5, clock: { mode: 'manual', now: 2_000_000_000 }, persistence: first.hook })
    await addMember(a, 'replayed@example.com')
    const second = recordingHook()
    const b = createEngine({ members: 5, clock: { mode: 'manual', now: 2_000_000_000 }, persistence: second.hook })
    const report = await b.replayWrites(first.writes)
    expect(report).toEqual({ replayed: 1, failed: [] })
    expect(second.writes).toEqual([])
    // after the replay, new writes reach the store again
    await addMember(b, 'after@example.com')
    expect(second.writes).toHaveLength(1)
  })
})
