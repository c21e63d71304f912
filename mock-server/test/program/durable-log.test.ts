import { spawnSync } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../src/index.js'
import { durableStorage } from '../../src/program/durable-state.js'
import { durableEngine } from '../support/in-process.js'

// Durability in process: a write is on disk (the log) when its answer is
// given; a new engine on the same folder gets it back without any snapshot having been taken.

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-durable-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function call(engine: Engine, op: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await engine.handle(
    new Request(`http://krs.test/api/v1/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      body: JSON.stringify(body),
    }),
  )
  const text = await res.text()
  return {
    status: res.status,
    body:
      text.startsWith('{') || text.startsWith('[') || /^\d+$/.test(text) || text.startsWith('"')
        ? JSON.parse(text)
        : text,
  }
}

describe('the write log: an answered write survives a crash', () => {
  it('replays logged writes (a member, a one-click token) after a crash, without a snapshot; ids continue', async () => {
    const { engine: a } = await durableEngine(dir)
    const id = (
      await call(a, 'add_member', {
        member_table_id: 1,
        member_info: { e_4: 'logged@example.com', e_5: 'abcd1234', e_6: '記録 太郎' },
      })
    ).body as number
    const url = (await call(a, 'get_oneclick_login_url', { member_form_id: 22, member_id: 3, limit: 1 })).body as string
    expect(typeof url).toBe('string')
    // "crash": no close, no snapshot; only the log is on disk
    expect((await readdir(dir)).some((f) => f.startsWith('krs-mock-writes-'))).toBe(true)
    expect(await readdir(dir)).not.toContain('krs-mock-state.json')

    const { engine: b, durable } = await durableEngine(dir)
    expect(durable.replay.replayed).toBe(2)
    expect(durable.replay.failed).toEqual([])
    const info = await call(b, 'get_member_info', { member_table_id: 1, member_id: id })
    expect(info.body.e_4 ?? JSON.stringify(info.body)).toContain('logged@example.com')
    const check = await b.handle(new Request(`http://krs.test/__mock/oneclick?url=${encodeURIComponent(url)}`))
    expect(((await check.json()) as { valid: boolean }).valid).toBe(true)
    const next = (
      await call(b, 'add_member', {
        member_table_id: 1,
        member_info: { e_4: 'next@example.com', e_5: 'abcd1234', e_6: '次 太郎' },
      })
    ).body as number
    expect(next).toBeGreaterThan(id)
    await durable.close()
    // the clean close compacted the log into the snapshot
    expect((await readdir(dir)).filter((f) => f.startsWith('krs-mock-writes-'))).toEqual([])
  })
})

describe('temp files of a write cut short by a kill', () => {
  it("are removed at the next start when their process is gone; a live process's and unknown files stay", async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid! // exited: its pid names no process
    const ms = Date.now() - 60_000
    const stale = [`krs-mock-ids.json.${gone}.${ms}.tmp`, `krs-mock-state.json.${gone}.${ms}.tmp`]
    // the parent of this test process is alive; a file that is not krs-mock's is never touched
    const kept = [`krs-mock-ids.json.${process.ppid}.${ms}.tmp`, `notes.json.${gone}.${ms}.tmp`]
    for (const f of [...stale, ...kept]) await writeFile(join(dir, f), '{"torn":')
    const said: string[] = []
    const storage = durableStorage(dir, { intervalMs: 3_600_000, onError: (m) => said.push(m) })
    const durable = await storage.open(createEngine({ members: 5, persistence: storage.persistence }))
    const temps = (await readdir(dir)).filter((f) => f.endsWith('.tmp')).sort()
    expect(temps).toEqual([...kept].sort())
    // each removal is said, naming the file
    const removals = said.filter((m) => m.startsWith('removed '))
    expect(removals).toHaveLength(stale.length)
    for (const f of stale) expect(removals.some((m) => m.includes(join(dir, f)))).toBe(true)
    await durable.close()
  })
})
