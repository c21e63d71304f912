import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WriteLog, WriteLogDamagedError } from '../../src/program/write-log.js'
import { call, durableEngine } from '../support/in-process.js'

// A changed byte anywhere in the write log never loses an acknowledged write quietly: the start
// stops and names the file, the byte and the last good record; with repair the damaged segment
// is kept aside, the log is cut at the last good record, and no id given out is given again.

let root: string
let pristine: string
/** Member ids the writes were answered with, in order. */
const acked: number[] = []

const member = (n: number) => ({
  member_table_id: 1,
  member_info: { e_4: `logged${n}@example.com`, e_5: 'abcd1234', e_6: `記録 ${n}` },
})

async function segmentOf(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((n) => n.startsWith('krs-mock-writes-'))
  expect(names).toHaveLength(1)
  return join(dir, names[0]!)
}

/** A copy of the crashed data dir with the byte at `offset` of its log changed. */
async function damagedCopy(offset: number): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(join(root, 'case-'))
  await cp(pristine, dir, { recursive: true })
  const file = await segmentOf(dir)
  const bytes = await readFile(file)
  bytes[offset] = bytes[offset]! ^ 0x01
  await writeFile(file, bytes)
  return { dir, file }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'krs-log-damage-'))
  pristine = join(root, 'pristine')
  const { engine } = await durableEngine(pristine)
  // every kind of write the log keeps: a created member, a changed one, a deleted one, and a
  // read-named call that changes state (a one-click token)
  for (const n of [1, 2]) acked.push((await call(engine, 'add_member', member(n))).body as number)
  expect(
    (await call(engine, 'update_member', { member_table_id: 1, member_id: acked[0], member_info: { e_6: '更新' } }))
      .status,
  ).toBe(200)
  expect((await call(engine, 'get_oneclick_login_url', { member_form_id: 22, member_id: 3, limit: 1 })).status).toBe(
    200,
  )
  expect((await call(engine, 'delete_member', { member_table_id: 1, member_id: 4 })).status).toBe(200)
  acked.push((await call(engine, 'add_member', member(3))).body as number)
  // "crash": no close, no snapshot; only the log is on disk
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** Byte offsets where each line of the log starts, and the log's length. */
async function lineStarts(): Promise<{ starts: number[]; length: number }> {
  const bytes = await readFile(await segmentOf(pristine))
  const starts = [0]
  for (let i = 0; i < bytes.length - 1; i++) if (bytes[i] === 0x0a) starts.push(i + 1)
  return { starts, length: bytes.length }
}

describe('a damaged write log', () => {
  it('stops the start at every changed byte, naming the file, the record and the last good id; nothing changes', {
    timeout: 60_000,
  }, async () => {
    const { starts, length } = await lineStarts()
    expect(starts).toHaveLength(6)
    // every byte of each line's checksum, separator, first and last bytes and newline, and
    // every 9th byte in between
    const offsets = Array.from({ length }, (_, i) => i).filter((i) => {
      const from = starts.findLast((s) => s <= i)!
      const to = (starts.find((s) => s > i) ?? length) - 1
      return i - from < 24 || to - i < 24 || i % 9 === 0
    })
    expect(offsets.length).toBeGreaterThan(500)
    const { dir, file } = await damagedCopy(0)
    const good = await readFile(await segmentOf(pristine))
    for (const offset of offsets) {
      const bytes = Buffer.from(good)
      bytes[offset] = bytes[offset]! ^ 0x01
      await writeFile(file, bytes)
      const line = starts.findLastIndex((s) => s <= offset)
      const error = await WriteLog.read(dir, 0).then(
        () => null,
        (e: unknown) => e,
      )
      // compared as one summary per byte (an expect per field costs more than the read)
      const e = error instanceof WriteLogDamagedError ? error : null
      const seen = {
        offset,
        file: e?.file,
        at: e?.offset,
        lastGood: e?.lastGoodSeq,
        named: e?.message.includes(file),
        unchanged: (await readFile(file)).equals(bytes),
      }
      const want = { offset, file, at: starts[line], lastGood: line, named: true, unchanged: true }
      if (JSON.stringify(seen) !== JSON.stringify(want)) expect(seen).toEqual(want)
    }
    await rm(dir, { recursive: true })
  })

  it('refuses to open the store, and the engine keeps nothing of it', async () => {
    const { starts } = await lineStarts()
    const { dir } = await damagedCopy(starts[1]! + 20)
    await expect(durableEngine(dir)).rejects.toThrow(/damaged at byte \d+ \(the last good record before it is #1\)/)
  })

  it('with repair: keeps a copy, cuts at the last good record, starts, and never gives an acknowledged id again', async () => {
    const { starts, length } = await lineStarts()
    // inside each record, and on the newline that ends the last one
    const offsets = [...starts.slice(0, -1).map((s) => s + 30), starts.at(-1)! + 40, length - 1]
    for (const offset of offsets) {
      const { dir, file } = await damagedCopy(offset)
      const line = starts.findLastIndex((s) => s <= offset)
      const { engine, durable } = await durableEngine(dir, true)
      expect(durable.replay.replayed, `byte ${offset}`).toBe(line)
      expect(durable.replay.failed).toEqual([])
      const kept = await readdir(join(dir, 'damaged'))
      expect(kept).toHaveLength(1)
      expect((await readFile(join(dir, 'damaged', kept[0]!))).length).toBe(length)
      // the members acknowledged before the damage are there with their ids
      const addsBefore = [0, 1, 5].filter((i) => i < line).map((i) => acked[[0, 1, 5].indexOf(i)]!)
      for (const id of addsBefore) {
        const info = await call(engine, 'get_member_info', { member_table_id: 1, member_id: id })
        expect(info.status, `member ${id} after a cut at byte ${offset}`).toBe(200)
      }
      // the next member gets an id above every id ever acknowledged, the last record's too
      const next = (await call(engine, 'add_member', member(9))).body as number
      expect(next, `byte ${offset}`).toBeGreaterThan(Math.max(...acked))
      await durable.close()
      // and the next start is clean
      const again = await durableEngine(dir)
      await again.durable.close()
      expect(file).toContain(dir)
      await rm(dir, { recursive: true })
    }
  })
})
