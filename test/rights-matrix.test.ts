import { beforeAll, describe, expect, it } from 'vitest'
import { defaultTokens, expectedRefusal } from './support/accounts.js'
import { errorCodeOf, operationNames, operations, type OperationName } from './support/contract.js'
import { checkedCall } from './support/http-call.js'
import { validExample } from './support/request-examples.js'
import { newTenant, type Tenant } from './support/tenant.js'

// Every operation × every default token, with a request the contract accepts (its own example):
// the answer must follow x-krs-rights / x-krs-option, and conform to the contract (our own Ajv
// check of every answer, checkedCall; the conformance through Prism is sdk-http-door's).
let t: Tenant
beforeAll(async () => {
  t = await newTenant()
})

/**
 * The member table a request names by `member_table_id`, or null. The other ids of the
 * contract's examples (forms 16/22/30, conditions 1–5, element 5) are member table 1's in the
 * default tenant, or name nothing there (mail, delivery and batch ids: KR_API_F0005 for every
 * token), so no account of the model is refused them for their table.
 */
function tableOf(body: unknown): number | null {
  const id = (body as { member_table_id?: unknown } | null)?.member_table_id
  return typeof id === 'number' ? id : null
}

/** A table some default account may not access (krs-table1: table 1 only). */
const LIMITED_TABLE = 2

describe('rights matrix (every operation × 8 default tokens)', () => {
  const tokenNames = Object.keys(defaultTokens)

  it('the tenant has every default token', () => {
    for (const name of tokenNames) expect(t.tokens[name], name).toBeTypeOf('string')
  })

  it('the model has an account limited to some tables, and the limited table is not among them', () => {
    const limited = Object.values(defaultTokens).filter((a) => a.tables !== 'all')
    expect(limited.length).toBeGreaterThan(0)
    for (const a of limited) expect(a.tables).not.toContain(LIMITED_TABLE)
  })

  /** Every token on `body`; the mismatches with the model. */
  async function mismatchesOf(name: OperationName, body: unknown): Promise<string[]> {
    const op = operations[name]
    const mismatches: string[] = []
    for (const tokenName of tokenNames) {
      const expected = expectedRefusal(op, defaultTokens[tokenName]!, tableOf(body))
      const r = await checkedCall(t, name, body, t.tokens[tokenName])
      const code = r.status === 200 ? null : errorCodeOf(r.text)
      if (expected !== null) {
        if (r.status !== 403 || code !== expected)
          mismatches.push(`${tokenName}: expected 403 ${expected}, got ${r.status} ${code}`)
      } else if (
        code === 'KR_API_F0014' ||
        code === 'KR_API_F0019' ||
        code === 'KR_API_F0020' ||
        code === 'KR_API_F0008'
      ) {
        mismatches.push(`${tokenName}: allowed by the contract, got ${r.status} ${code}`)
      }
    }
    return mismatches
  }

  for (const name of operationNames) {
    const op = operations[name]
    it(`${name}: refused exactly when the contract says so`, async () => {
      expect(
        await mismatchesOf(name, validExample(name)),
        `rights ${JSON.stringify(op.rights)} option ${op.option}`,
      ).toEqual([])
    })
    if (tableOf(validExample(name)) !== null) {
      it(`${name} on member table ${LIMITED_TABLE}: refused exactly when the contract or the account's tables say so`, async () => {
        const body = { ...(validExample(name) as object), member_table_id: LIMITED_TABLE }
        expect(await mismatchesOf(name, body), `rights ${JSON.stringify(op.rights)} option ${op.option}`).toEqual([])
      })
    }
  }

  it('a call without a token or with an unknown one answers 401 KR_API_F1001 (get_version needs none)', async () => {
    for (const name of operationNames) {
      const body = validExample(name)
      for (const token of [undefined, 'krs-all.t_000000000000.0000000000000000']) {
        const r = await checkedCall(t, name, body, token)
        if (operations[name].security) {
          expect([r.status, errorCodeOf(r.text)], `${name} token=${String(token)}`).toEqual([401, 'KR_API_F1001'])
        } else {
          expect(r.status, name).toBe(200)
        }
      }
    }
  })
})
