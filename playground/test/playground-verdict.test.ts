import { describe, expect, it } from 'vitest'
import { verdict } from '../runtime/verdict.js'
import { describeDifference } from '../src/components/playground/verdict-view.js'

describe("the response verdict (krs verify's check on one answer)", () => {
  it('a renamed key: the contract key is missing and the new one is not in the contract, by JSON pointer', () => {
    const ds = verdict({
      operation: 'get_member_tables',
      status: 200,
      text: JSON.stringify([{ ID: 1, name: '会員' }]),
    })
    const pointers = ds.map((d) => d.pointer)
    expect(pointers).toContain('/0/id')
    expect(ds.map(describeDifference).join('\n')).toContain('契約にある項目がありません')
  })

  it("the contract's answer passes; an error code the operation does not document is named", () => {
    expect(verdict({ operation: 'get_version', status: 200, text: '"1.5.0"' })).toEqual([])
    const ds = verdict({
      operation: 'get_version',
      status: 400,
      text: JSON.stringify({ error_code: 'KR_API_F9999', message: 'x' }),
    })
    expect(ds).toHaveLength(1)
    expect(ds[0]?.pointer).toBe('/error_code')
    expect(describeDifference(ds[0]!)).toContain('この API の契約にないエラーコード "KR_API_F9999"')
  })

  it('a body that is not JSON where JSON is expected is a difference of the whole answer', () => {
    const ds = verdict({ operation: 'get_member_tables', status: 200, text: '<html>' })
    expect(ds.map((d) => d.pointer)).toEqual([''])
  })
})
