import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../../src/index.js'
import { expectError, expectOk, runServicesSuite } from '../../support/services-doors.js'

interface Address {
  pref_code: number
  pref: string
  addr1: string
  addr2: string
  addr1_yomi: string
  addr2_yomi: string
}

const ZIP_DATA = fileURLToPath(new URL('../../../data/zip-dictionary.txt', import.meta.url))
const BUILDER = fileURLToPath(new URL('../../../scripts/build-zip-dictionary.ts', import.meta.url))

beforeAll(() => {
  // the dictionary is generated from the npm package (pretest); build it when a run skipped that
  if (!existsSync(ZIP_DATA)) execFileSync(process.execPath, ['--import', 'tsx', BUILDER], { stdio: 'inherit' })
}, 180_000)

runServicesSuite(
  'search_addresses_by_zip',
  (t) => {
    it('finds the address with kana readings, for 7 digits and for 3-4 with a hyphen', async () => {
      const a = expectOk(await t.call<Address[]>('search_addresses_by_zip', { zip: '1000001' }))
      expect(a).toEqual([
        {
          pref_code: 13,
          pref: '東京都',
          addr1: '千代田区',
          addr2: '千代田',
          addr1_yomi: 'チヨダク',
          addr2_yomi: 'チヨダ',
        },
      ])
      expect(expectOk(await t.call('search_addresses_by_zip', { zip: '100-0001' }))).toEqual(a)
      const sapporo = expectOk(await t.call<Address[]>('search_addresses_by_zip', { zip: '060-0000' }))
      expect(sapporo[0]).toMatchObject({ pref_code: 1, pref: '北海道', addr1: '札幌市中央区', addr2: '' })
      const okinawa = expectOk(await t.call<Address[]>('search_addresses_by_zip', { zip: '9000001' }))
      expect(okinawa[0]).toMatchObject({ pref_code: 47, pref: '沖縄県' })
    })

    it('answers every address of a code that has several', async () => {
      const many = expectOk(await t.call<Address[]>('search_addresses_by_zip', { zip: '452-0961' }))
      expect(many.length).toBeGreaterThan(10)
      expect(new Set(many.map((m) => m.addr1))).toEqual(new Set(['清須市']))
      expect(many.every((m) => /^[ァ-ヶー]+$/.test(m.addr1_yomi))).toBe(true)
    })

    it('answers [] for a well-formed code that does not exist', async () => {
      expect(expectOk(await t.call('search_addresses_by_zip', { zip: '0000000' }))).toEqual([])
    })

    it('refuses any other format (KR_API_F0207)', async () => {
      for (const zip of ['100001', '10000011', '1000-001', '100 0001', '１０００００１', 'abcdefg', '', '100-00001']) {
        expectError(await t.call('search_addresses_by_zip', { zip }), 'KR_API_F0207')
      }
    })

    it('simulates a dictionary that is not ready (KR_API_F0208)', async () => {
      const scenario = { extends: 'default', extensions: { services: { zip_not_ready: true } } }
      expectOk(await t.admin('POST', 'reset', { scenario }))
      expectError(await t.call('search_addresses_by_zip', { zip: '1000001' }), 'KR_API_F0208')
    })
  },
  10,
)

/** search_addresses_by_zip on an engine, in process. */
async function searchZip(engine: Engine, zip: string): Promise<{ status: number; body: unknown }> {
  const res = await engine.handle(
    new Request('https://krs.bz/api/v1/search_addresses_by_zip', {
      method: 'POST',
      headers: { authorization: 'Bearer krs-all', 'content-type': 'application/json' },
      body: JSON.stringify({ zip }),
    }),
  )
  return { status: res.status, body: await res.json() }
}

describe('the zip dictionary is an engine option (zipText)', () => {
  const own = ['krs-zip/1\ttest\t1', 'C\t13\t試験区\tシケンク', '9990001\t0\t試験町\tシケンチョウ', ''].join('\n')

  it('an engine reads its own text, and another engine in the same process still reads the bundled one', async () => {
    let reads = 0
    const mine = createEngine({
      members: 5,
      zipText: async () => {
        reads++
        return own
      },
    })
    const bundled = createEngine({ members: 5 })
    expect(await searchZip(mine, '999-0001')).toEqual({
      status: 200,
      body: [
        {
          pref_code: 13,
          pref: '東京都',
          addr1: '試験区',
          addr2: '試験町',
          addr1_yomi: 'シケンク',
          addr2_yomi: 'シケンチョウ',
        },
      ],
    })
    expect((await searchZip(mine, '1000001')).body).toEqual([])
    expect(reads).toBe(1)
    expect((await searchZip(bundled, '9990001')).body).toEqual([])
    expect((await searchZip(bundled, '1000001')).body).toEqual([expect.objectContaining({ addr1: '千代田区' })])
  })

  it('a text that cannot be had answers KR_API_F0208, and a later lookup tries again', async () => {
    let fail = true
    const engine = createEngine({
      members: 5,
      zipText: async () => {
        if (fail) throw new Error('offline')
        return own
      },
    })
    const refused = await searchZip(engine, '9990001')
    expect(refused.status).toBe(503)
    expect(refused.body).toMatchObject({ error_code: 'KR_API_F0208' })
    fail = false
    expect((await searchZip(engine, '9990001')).body).toEqual([expect.objectContaining({ addr2: '試験町' })])
  })
})
