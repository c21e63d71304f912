import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Engine } from '../../src/index.js'
import { durableEngine } from '../support/in-process.js'

// With --data-dir a fork of a live tenant is appended to the write log like a write, instead of
// rewriting the whole state before its answer; after a crash it is made again, with the same
// id and tokens, at its place among the writes.

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-fork-log-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function send(
  engine: Engine,
  path: string,
  body: unknown,
  token = 'krs-all',
): Promise<{ status: number; body: any }> {
  const res = await engine.handle(
    new Request(`http://krs.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
  )
  return { status: res.status, body: JSON.parse(await res.text()) }
}

const member = (e4: string) => ({ member_table_id: 1, member_info: { e_4: e4, e_5: 'abcd1234', e_6: 'フォーク' } })

describe('a fork with --data-dir', () => {
  it('is logged, not saved with the whole state, and comes back after a crash with its writes', async () => {
    const { engine } = await durableEngine(dir)
    const before = (await send(engine, '/api/v1/add_member', member('parent@example.com'))).body as number
    const fork = await send(engine, '/__mock/tenants', { from: 'default' })
    expect(fork.status).toBe(201)
    // the answer came without a snapshot of the state
    expect(await readdir(dir)).not.toContain('krs-mock-state.json')
    const token = fork.body.tokens['krs-all'] as string
    const inFork = (await send(engine, '/api/v1/add_member', member('fork@example.com'), token)).body as number
    const inParent = (await send(engine, '/api/v1/add_member', member('parent2@example.com'))).body as number
    expect(inFork).toBe(inParent)
    // "crash": no close, no snapshot

    const { engine: again, durable } = await durableEngine(dir)
    expect(durable.replay.failed).toEqual([])
    expect(durable.replay.replayed).toBe(4)
    const read = (id: number, t?: string) =>
      send(again, '/api/v1/get_member_info', { member_table_id: 1, member_id: id }, t).then((r) => r.body.e_4)
    expect(await read(inFork, token)).toBe('fork@example.com')
    expect(await read(inParent)).toBe('parent2@example.com')
    expect(await read(before, token)).toBe('parent@example.com')
    await durable.close()
  })

  it('of a template is logged too, and after a crash the template is built again for it', async () => {
    const { engine } = await durableEngine(dir)
    expect((await send(engine, '/__mock/templates', { name: 'tpl', seed: 7, members: 30 })).status).toBe(201)
    const fork = await send(engine, '/__mock/tenants', { from: 'tpl' })
    expect(fork.status).toBe(201)
    // the answer came without a snapshot of the state
    expect(await readdir(dir)).not.toContain('krs-mock-state.json')
    const token = fork.body.tokens['krs-all'] as string
    const first = (e: Engine) =>
      send(e, '/api/v1/get_member_info', { member_table_id: 1, member_id: 1 }, token).then((r) => r.body)
    const inherited = await first(engine)
    expect(inherited.e_4).toEqual(expect.any(String))
    const added = (await send(engine, '/api/v1/add_member', member('tpl-fork@example.com'), token)).body as number
    // "crash": no close, no snapshot

    const { engine: again, durable } = await durableEngine(dir)
    expect(durable.replay.failed).toEqual([])
    expect(durable.replay.replayed).toBe(2)
    const read = await send(again, '/api/v1/get_member_info', { member_table_id: 1, member_id: added }, token)
    expect(read.body.e_4).toBe('tpl-fork@example.com')
    expect(await first(again)).toEqual(inherited)
    await durable.close()
  })
})
