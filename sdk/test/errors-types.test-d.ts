import { describe, expectTypeOf, it } from 'vitest'
import {
  createKrsClient,
  isKrsApiError,
  type KrsApiError,
  type KrsAuthenticationError,
  type KrsNetworkError,
  KrsRateLimitError,
  type KrsServerError,
  type KrsTimeoutError,
  type OperationResponse,
  type WithResponse,
} from '../src/index.js'

describe('error classes', () => {
  it('status classes are KrsApiErrors and isKrsApiError narrows their code', () => {
    expectTypeOf<KrsAuthenticationError>().toMatchTypeOf<KrsApiError>()
    expectTypeOf<KrsRateLimitError>().toMatchTypeOf<KrsApiError>()
    expectTypeOf<KrsServerError>().toMatchTypeOf<KrsApiError>()
    expectTypeOf<KrsTimeoutError>().toMatchTypeOf<KrsNetworkError>()
    const e: unknown = undefined
    if (isKrsApiError(e, 'KR_API_F1001')) expectTypeOf(e.code).toEqualTypeOf<'KR_API_F1001'>()
    if (e instanceof KrsRateLimitError) expectTypeOf(e.requestId).toEqualTypeOf<string | undefined>()
  })
})

describe('withResponse()', () => {
  it('gives data, response and requestId; the call itself resolves to the data', () => {
    const krs = createKrsClient({ baseUrl: 'http://127.0.0.1:4010', token: 't' })
    const call = krs.getMemberInfo({ member_table_id: 1, member_id: 1 })
    expectTypeOf(call).resolves.toEqualTypeOf<OperationResponse<'get_member_info'>>()
    expectTypeOf(call.withResponse()).resolves.toEqualTypeOf<WithResponse<OperationResponse<'get_member_info'>>>()
    expectTypeOf(krs.call('get_version').withResponse()).resolves.toHaveProperty('requestId')
  })
})
