import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultTokens, expectedRefusal } from './support/accounts.js'
import { errorCodeOf, operationNames, operations } from './support/contract.js'
import { conformingCall, prismBypasses } from './support/http-call.js'
import { validExample } from './support/request-examples.js'
import { newTenant, type Tenant } from './support/tenant.js'

// Every operation × every default token, through Prism's validating proxy, with a request
// the contract accepts (its own example): the answer must follow x-krs-rights / x-krs-option.
let t: Tenant
beforeAll(async () => {
  t = await newTenant()
})
afterAll(() => {
  const tuples = new Set(prismBypasses.filter((b) => b.endsWith('(prefixItems)')).map((b) => b.split(':')[0]))
  const noToken = prismBypasses.filter((b) => b.endsWith('no token')).length
  console.info(
    `[rights] sent around Prism: ${noToken} calls without a token; tuple (prefixItems) limits on ${tuples.size} operations: ${[...tuples].join(', ')}`,
  )
})

describe('rights matrix (61 operations × 7 default tokens)', () => {
  const tokenNames = Object.keys(defaultTokens)

  it('the tenant has every default token', () => {
    for (const name of tokenNames) expect(t.tokens[name], name).toBeTypeOf('string')
  })

  for (const name of operationNames) {
    it(`${name}: refused exactly when the contract says so`, async () => {
      const op = operations[name]
      const mismatches: string[] = []
      for (const tokenName of tokenNames) {
        const expected = expectedRefusal(op, defaultTokens[tokenName]!)
        const r = await conformingCall(t, name, validExample(name), t.tokens[tokenName])
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
      expect(mismatches, `rights ${JSON.stringify(op.rights)} option ${op.option}`).toEqual([])
    })
  }

  it('a call without a token or with an unknown one answers 401 KR_API_F1001 (get_version needs none)', async () => {
    for (const name of operationNames) {
      const body = validExample(name)
      for (const token of [undefined, 'krs-all.t_000000000000.0000000000000000']) {
        const r = await conformingCall(t, name, body, token)
        if (operations[name].security) {
          expect([r.status, errorCodeOf(r.text)], `${name} token=${String(token)}`).toEqual([401, 'KR_API_F1001'])
        } else {
          expect(r.status, name).toBe(200)
        }
      }
    }
  })
})
