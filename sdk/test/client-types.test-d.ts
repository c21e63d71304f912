import { describe, expectTypeOf, it } from 'vitest'
import {
  createKrsClient,
  isKrsApiError,
  type BatchJobStatus,
  type DeliveryStatus,
  type ErrorCode,
  type KrsApiError,
  type OperationName,
  type OperationRequest,
  type OperationResponse,
  type PagedOperationName,
} from '../src/index.js'
import type { CamelCase } from '../src/camel-case.js'
import type { DerivedOperationMethods, KrsOperationMethods } from '../src/call-types.js'

const krs = createKrsClient({ baseUrl: 'http://127.0.0.1:4010' })

describe('call(name, body)', () => {
  it('types the body and the result from the contract', () => {
    expectTypeOf(
      krs.call('lookup_member_id', { member_table_id: 1, member_info: { e_4: 'a@example.com' } }),
    ).resolves.toEqualTypeOf<OperationResponse<'lookup_member_id'>>()
    expectTypeOf(krs.call('get_member_tables')).resolves.toEqualTypeOf<OperationResponse<'get_member_tables'>>()
    expectTypeOf(krs.call('get_batch_job_result', { batch_job_id: 1 })).resolves.toEqualTypeOf<string>()
    expectTypeOf(krs.call<'get_delivery_status'>)
      .parameter(1)
      .toEqualTypeOf<OperationRequest<'get_delivery_status'>>()
  })

  it('rejects wrong names, keys and types at compile time', () => {
    // @ts-expect-error unknown operation
    void krs.call('get_members', {})
    // @ts-expect-error wrong type of member_table_id
    void krs.call('lookup_member_id', { member_table_id: '1', member_info: {} })
    // @ts-expect-error unknown key
    void krs.call('get_delivery_status', { delivery_id: 1, extra: true })
    // @ts-expect-error required body missing
    void krs.call('get_delivery_status')
  })
})

describe('camelCase methods', () => {
  it('exist for every operation with the same types as call', () => {
    expectTypeOf(krs.getMemberTables).returns.resolves.toEqualTypeOf<OperationResponse<'get_member_tables'>>()
    expectTypeOf(krs.lookupMemberId).parameter(0).toEqualTypeOf<OperationRequest<'lookup_member_id'>>()
    expectTypeOf(krs.getMembersNumByOneshotCondition).returns.resolves.toEqualTypeOf<
      OperationResponse<'get_members_num_by_oneshot_condition'>
    >()
    // the generated, documented methods are exactly the ones derived from the operation names
    expectTypeOf<KrsOperationMethods>().toEqualTypeOf<DerivedOperationMethods>()
    type Methods = { [K in OperationName as CamelCase<K>]: unknown }
    expectTypeOf<keyof Methods>().toMatchTypeOf<keyof typeof krs>()
    // @ts-expect-error no snake_case methods
    void krs.get_member_tables
    // @ts-expect-error body required
    void krs.lookupMemberId()
  })
})

describe('errors', () => {
  it('isKrsApiError narrows to the code', () => {
    const e: unknown = null
    if (isKrsApiError(e, 'KR_API_F0102')) {
      expectTypeOf(e.code).toEqualTypeOf<'KR_API_F0102'>()
      expectTypeOf(e.status).toEqualTypeOf<number>()
      expectTypeOf(e.response).toEqualTypeOf<Response>()
    }
    if (isKrsApiError(e)) expectTypeOf(e).toEqualTypeOf<KrsApiError<ErrorCode>>()
    // @ts-expect-error not an error code
    isKrsApiError(e, 'KR_API_X')
  })
})

describe('helpers', () => {
  it('paginate accepts exactly the paged operations and yields their items', () => {
    expectTypeOf<PagedOperationName>().toEqualTypeOf<
      | 'get_member_infos_by_oneshot_condition'
      | 'get_member_infos_by_condition'
      | 'get_addresses_for_delivery'
      | 'get_click_count_result'
      | 'get_deleted_member_list'
      | 'get_posted_image_urls_by_oneshot_condition'
      | 'get_posted_image_urls_by_condition'
    >()
    const it = krs.paginate('get_member_infos_by_condition', {
      member_table_id: 1,
      condition_id: 1,
      sort_key: 0,
      order: true,
    })
    expectTypeOf(it).toEqualTypeOf<
      AsyncGenerator<OperationResponse<'get_member_infos_by_condition'>[number], void, undefined>
    >()
    // @ts-expect-error not a paged operation
    void krs.paginate('get_member_tables', {})
  })

  it('waiting and file helpers return the contract types', () => {
    expectTypeOf(krs.waitForDelivery(1, { phase: 2 })).resolves.toEqualTypeOf<DeliveryStatus>()
    expectTypeOf(krs.waitForBatchJob(1)).resolves.toEqualTypeOf<BatchJobStatus>()
    expectTypeOf<BatchJobStatus['progress']>().toEqualTypeOf<number>()
    expectTypeOf(krs.uploadStoredFile('a.csv', 'x')).resolves.toEqualTypeOf<OperationResponse<'upload_stored_files'>>()
    expectTypeOf(krs.downloadBatchJobResult(1)).resolves.toEqualTypeOf<string>()
    expectTypeOf(krs.downloadBatchJobResult(1, { as: 'stream' })).resolves.toEqualTypeOf<ReadableStream<Uint8Array>>()
    // @ts-expect-error phase 4 does not exist
    void krs.waitForDelivery(1, { phase: 4 })
  })
})
