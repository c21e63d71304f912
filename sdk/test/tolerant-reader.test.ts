import { describe, expect, it } from 'vitest'
import { createKrsClient } from '../src/index.js'
import { unwrapLegacy } from '../src/tolerant-reader.js'
import { fakeFetch, json } from './support/fake-fetch.js'

const tables = [
  { id: 1, title: 'データベース名称1', nums: 50 },
  { id: 2, title: 'データベース名称2', nums: 350 },
]

describe('tolerant reader (both response shapes)', () => {
  it('returns the bare value for the bare and the legacy-wrapped answer', async () => {
    const f = fakeFetch(
      json(tables),
      json({ member_tables: tables }),
      json(15),
      json({ member_id: 15 }),
      json('1.5.0'),
      json({ version: '1.5.0' }),
    )
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    await expect(krs.getMemberTables()).resolves.toEqual(tables)
    await expect(krs.getMemberTables()).resolves.toEqual(tables)
    const body = { member_table_id: 1, member_info: { e_4: 'a@example.com' } }
    await expect(krs.lookupMemberId(body)).resolves.toBe(15)
    await expect(krs.call('lookup_member_id', body)).resolves.toBe(15)
    await expect(krs.getVersion()).resolves.toBe('1.5.0')
    await expect(krs.getVersion()).resolves.toBe('1.5.0')
  })

  it('leaves objects alone unless their only key is the legacy key', () => {
    expect(unwrapLegacy({ member_info: { id: 1 } }, 'member_info')).toEqual({ id: 1 })
    expect(unwrapLegacy({ member_info: 1, other: 2 }, 'member_info')).toEqual({ member_info: 1, other: 2 })
    expect(unwrapLegacy({ id: 132, e_4: 'x' }, 'member_info')).toEqual({ id: 132, e_4: 'x' })
    expect(unwrapLegacy({ other: 1 }, 'member_info')).toEqual({ other: 1 })
    expect(unwrapLegacy({}, 'member_info')).toEqual({})
    expect(unwrapLegacy([1, 2], 'member_info')).toEqual([1, 2])
    expect(unwrapLegacy(null, 'member_info')).toBeNull()
    expect(unwrapLegacy({ member_info: 0 }, null)).toEqual({ member_info: 0 })
    expect(unwrapLegacy({ member_id: 0 }, 'member_id')).toBe(0)
  })
})
