import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Engine } from '../../src/index.js'
import { idMarksOf } from '../../src/kernel/id-marks.js'
import { ID_RESERVE_FILE } from '../../src/program/id-reserve.js'
import { admin, call, durableEngine } from '../support/in-process.js'

// The very last record of the write log has no later record to vouch for the ids it gave:
// with ids reserved in blocks (krs-mock-ids.json, written before the write is answered), a
// repair that cuts it off still restarts every counter above every id that may have been
// acknowledged. Checked with byte flips in the last record of every kind.

let root: string

const member = (n: number) => ({
  member_table_id: 1,
  member_info: { e_4: `last${n}@example.com`, e_5: 'abcd1234', e_6: `最後 ${n}` },
})

/** The last call of each data dir: every kind of record the log keeps. */
const lastCalls: Record<string, (e: Engine, acked: number[]) => Promise<void>> = {
  'a created member': async (e, acked) => {
    acked.push((await call(e, 'add_member', member(3))).body)
  },
  'a changed member': async (e, acked) => {
    expect(
      (
        await call(e, 'update_member', {
          member_table_id: 1,
          member_id: acked[0],
          member_info: { e_6: '更新' },
        })
      ).status,
    ).toBe(200)
  },
  'a deleted member': async (e) => {
    expect((await call(e, 'delete_member', { member_table_id: 1, member_id: 4 })).status).toBe(200)
  },
  'a read-named call that changes state': async (e) => {
    const r = await call(e, 'get_oneclick_login_url', { member_form_id: 22, member_id: 3, limit: 1 })
    expect(r.status).toBe(200)
  },
  'a fork of a tenant': async (e) => {
    expect((await admin(e, 'POST', 'tenants', { from: 'default' })).status).toBe(201)
  },
  'a fork of a template': async (e) => {
    expect((await admin(e, 'POST', 'templates', { name: 'tpl', members: 5 })).status).toBe(201)
    expect((await admin(e, 'POST', 'tenants', { from: 'tpl' })).status).toBe(201)
  },
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'krs-log-last-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('a damaged last write-log record, repaired', () => {
  it.each(Object.keys(lastCalls))(
    '%s: no id is issued again, at any byte of the record',
    { timeout: 120_000 },
    async (kind) => {
      const pristine = await mkdtemp(join(root, 'pristine-'))
      const { engine } = await durableEngine(pristine)
      const acked: number[] = []
      for (const n of [1, 2]) acked.push((await call(engine, 'add_member', member(n))).body)
      await lastCalls[kind]!(engine, acked)
      // every counter as it was acknowledged
      const marks = idMarksOf(engine.defaultTenant.state)
      expect(await readdir(pristine)).toContain(ID_RESERVE_FILE)
      // "crash": no close, no snapshot
      const [segment] = (await readdir(pristine)).filter((n) => n.startsWith('krs-mock-writes-'))
      const good = await readFile(join(pristine, segment!))
      const start = good.lastIndexOf(0x0a, good.length - 2) + 1
      const offsets = [
        start,
        start + 4,
        start + 8,
        start + 9,
        start + 20,
        (start + good.length) >> 1,
        good.length - 2,
        good.length - 1,
      ]
      for (const offset of offsets) {
        const dir = await mkdtemp(join(root, 'case-'))
        await cp(pristine, dir, { recursive: true })
        const bytes = Buffer.from(good)
        bytes[offset] = bytes[offset]! ^ 0x01
        await writeFile(join(dir, segment!), bytes)
        const { engine: again, durable } = await durableEngine(dir, true)
        const now = new Map(idMarksOf(again.defaultTenant.state).map(([p, v]) => [JSON.stringify(p), v]))
        for (const [path, value] of marks)
          expect(
            now.get(JSON.stringify(path)) ?? 0,
            `${kind}, byte ${offset}: ${path.join('/')}`,
          ).toBeGreaterThanOrEqual(value)
        const next = (await call(again, 'add_member', member(9))).body as number
        expect(next, `${kind}, byte ${offset}`).toBeGreaterThan(Math.max(...acked))
        await durable.close()
        await rm(dir, { recursive: true })
      }
    },
  )
})
