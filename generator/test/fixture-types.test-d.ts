// Type-level checks of the generated files, on the fixture contract's snapshot.
import { describe, expectTypeOf, it } from 'vitest'
import type { ErrorCode } from './__snapshots__/fixture/contract/src/generated/errors.js'
import type { OperationHandlers } from './__snapshots__/fixture/contract/src/generated/handlers.js'
import type { OperationName } from './__snapshots__/fixture/contract/src/generated/operation-names.js'
import type {
  OperationRequest,
  OperationResponse,
} from './__snapshots__/fixture/contract/src/generated/operation-types.js'
import type { operations, paths } from './__snapshots__/fixture/contract/src/generated/schema.js'
import type { OperationInfo } from './__snapshots__/fixture/contract/src/generated/operations.js'
import type { OperationMethods } from './__snapshots__/fixture/contract/src/generated/operation-methods.js'

describe('generated types (fixture contract)', () => {
  it('names and codes are literal unions', () => {
    expectTypeOf<OperationName>().toEqualTypeOf<'get_version' | 'get_items' | 'export_items'>()
    expectTypeOf<'KRSKIT_HIGH_LOAD'>().toMatchTypeOf<ErrorCode>()
    // @ts-expect-error not a code of the catalogue
    const bad: ErrorCode = 'KR_API_F9999'
    void bad
  })

  it('schema.js exports paths and operations keyed by the API name', () => {
    expectTypeOf<keyof paths>().toEqualTypeOf<'/api/v1/get_version' | '/api/v1/get_items' | '/api/v1/export_items'>()
    expectTypeOf<keyof operations>().toEqualTypeOf<OperationName>()
  })

  it('request and response bodies come from the contract', () => {
    expectTypeOf<OperationRequest<'get_items'>['offset']>().toEqualTypeOf<number>()
    expectTypeOf<OperationResponse<'get_version'>>().toEqualTypeOf<string>()
    expectTypeOf<OperationResponse<'export_items'>>().toEqualTypeOf<string>()
    expectTypeOf<OperationResponse<'get_items'>[number]['id']>().toEqualTypeOf<number>()
    // @ts-expect-error offset is required
    const noOffset: OperationRequest<'get_items'> = {}
    // @ts-expect-error unknown key (additionalProperties: false)
    const extra: OperationRequest<'get_version'> = { x: 1 }
    void noOffset
    void extra
  })

  it('a handler table must cover every operation with the right types', () => {
    const handlers = {
      get_version: () => '1.5.0',
      get_items: (_ctx: unknown, body: OperationRequest<'get_items'>) => [{ id: body.offset + 1, name: 'a' }],
      export_items: async () => 'id,name\n',
    } satisfies OperationHandlers<unknown>
    void handlers
    // @ts-expect-error export_items is missing
    const partial: OperationHandlers<unknown> = { get_version: () => '1', get_items: () => [] }
    // @ts-expect-error get_version must answer a string
    const wrong: OperationHandlers<unknown> = { get_version: () => 1, get_items: () => [], export_items: () => '' }
    void partial
    void wrong
  })

  it('registry entries are typed by name; SDK methods take the body only when needed', () => {
    expectTypeOf<OperationInfo<'get_items'>['name']>().toEqualTypeOf<'get_items'>()
    type M = OperationMethods<{ timeoutMs?: number }>
    expectTypeOf<Parameters<M['getVersion']>>().toEqualTypeOf<
      [body?: OperationRequest<'get_version'>, options?: { timeoutMs?: number }]
    >()
    expectTypeOf<Parameters<M['getItems']>>().toEqualTypeOf<
      [body: OperationRequest<'get_items'>, options?: { timeoutMs?: number }]
    >()
    expectTypeOf<ReturnType<M['exportItems']>>().toEqualTypeOf<Promise<string>>()
  })
})
