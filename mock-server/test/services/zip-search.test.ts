import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, expect, it } from 'vitest'
import { expectError, expectOk, runServicesSuite } from './services-doors.js'

interface Address {
  pref_code: number
  pref: string
  addr1: string
  addr2: string
  addr1_yomi: string
  addr2_yomi: string
}

const ZIP_DATA = fileURLToPath(new URL('../../data/zip-dictionary.txt', import.meta.url))
const BUILDER = fileURLToPath(new URL('../../scripts/build-zip-dictionary.ts', import.meta.url))

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
