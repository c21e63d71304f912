import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import {
  createKrsClient,
  KrsApiError,
  KrsBadRequestError,
  KrsConflictError,
  KrsNotFoundError,
  KrsSdkError,
  KrsTimeoutError,
} from '../src/index.js'
import { errorBody, fakeFetch, json, recordingSleep } from './support/fake-fetch.js'

const client = (f: ReturnType<typeof fakeFetch>, more: Parameters<typeof createKrsClient>[0] = {}) =>
  createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, sleep: recordingSleep().sleep, ...more })

describe('asResponse()', () => {
  it('gives the raw response with a body that can still be read', async () => {
    const f = fakeFetch(json([{ id: 1, title: 't', nums: 2 }], 200, { 'x-request-id': 'r-1' }))
    const res = await client(f).getMemberTables().asResponse()
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toBe('r-1')
    expect(await res.json()).toEqual([{ id: 1, title: 't', nums: 2 }])
  })

  it('throws the call failure as the plain promise does', async () => {
    const f = fakeFetch(errorBody('KR_API_F0117', 'Member Already Exists.', 400))
    await expect(client(f).addMember({ member_table_id: 1, member_info: {} }).asResponse()).rejects.toBeInstanceOf(
      KrsBadRequestError,
    )
  })
})

describe('withOptions()', () => {
  it('returns a client with merged options; the original is unchanged', async () => {
    const f = fakeFetch(json('a'), errorBody('KRSKIT_HIGH_LOAD', 'High Load.', 503), json('b'))
    const krs = client(f, { headers: { 'x-team': 'a' } })
    const other = krs.withOptions({ headers: { 'x-trace': 't1' }, retry: { maxRetries: 0 } })
    expect(other.baseUrl).toBe('http://x.test')
    await expect(krs.getEnvironmentName()).resolves.toBe('a')
    await expect(other.getEnvironmentName()).rejects.toBeInstanceOf(KrsApiError)
    expect(f.requests.map((r) => [r.headers.get('x-team'), r.headers.get('x-trace')])).toEqual([
      ['a', null],
      ['a', 't1'],
    ])
    await expect(krs.getEnvironmentName()).resolves.toBe('b')
  })
})

describe('error classes by status', () => {
  it.each([
    [400, 'KR_API_F0004', KrsBadRequestError],
    [404, 'KR_API_F0012', KrsNotFoundError],
    [409, 'KRSKIT_INTERNAL_ERROR', KrsConflictError],
  ])('%i is %s', async (status, code, cls) => {
    const f = fakeFetch(errorBody(code, 'x', status))
    const e = await client(f)
      .getMemberTables()
      .catch((x: unknown) => x)
    expect(e).toBeInstanceOf(cls)
    expect(e).toBeInstanceOf(KrsApiError)
    expect((e as Error).name).toBe(cls.name)
  })
})

describe('how an error prints', () => {
  it('util.inspect shows the stack and the fields on one line, not the raw response', async () => {
    const f = fakeFetch(
      errorBody('KR_API_F0117', 'Member Already Exists.', 400, 'member 1001', { 'x-request-id': 'req-9' }),
    )
    const e = await client(f)
      .addMember({ member_table_id: 1, member_info: {} })
      .catch((x: unknown) => x)
    const text = inspect(e)
    expect(text.split('\n').length).toBeLessThan(20)
    expect(text).toContain('KrsBadRequestError: add_member: 400 KR_API_F0117 Member Already Exists. (member 1001)')
    expect(text).toContain("code: 'KR_API_F0117'")
    expect(text).toContain("requestId: 'req-9'")
    expect(text).toContain("operation: 'add_member'")
    expect(text).not.toContain('Headers')
  })

  it('JSON.stringify gives name, message, status, code, desc, detail, operation, request id', async () => {
    const f = fakeFetch(
      errorBody('KR_API_F0117', 'Member Already Exists.', 400, 'member 1001', { 'x-request-id': 'r' }),
    )
    const e = await client(f)
      .addMember({ member_table_id: 1, member_info: {} })
      .catch((x: unknown) => x)
    expect(JSON.parse(JSON.stringify(e))).toEqual({
      name: 'KrsBadRequestError',
      message: 'add_member: 400 KR_API_F0117 Member Already Exists. (member 1001)',
      status: 400,
      code: 'KR_API_F0117',
      desc: 'Member Already Exists.',
      detail: 'member 1001',
      operation: 'add_member',
      requestId: 'r',
    })
    expect(JSON.parse(JSON.stringify(new KrsTimeoutError('get_version', 5)))).toEqual({
      name: 'KrsTimeoutError',
      message: 'get_version: timed out after 5 ms',
      operation: 'get_version',
    })
  })
})

describe('headers', () => {
  it.each([
    ['authorization', 'Bearer other'],
    ['user-agent', 'integrator/1.0'],
    ['content-type', 'application/json; charset=utf-8'],
    ['x-request-id', 'mine-1'],
  ])('the headers option wins over the SDK’s %s', async (name, value) => {
    const f = fakeFetch(json('a'))
    await client(f, { headers: { [name.toUpperCase()]: value } }).getEnvironmentName()
    expect(f.requests[0]?.headers.get(name)).toBe(value)
  })
})

describe('wait options', () => {
  it.each([
    [{ intervalMs: 0, timeoutMs: 10_000 }, 'intervalMs must be a number >= 1000'],
    [{ intervalMs: -5 }, 'intervalMs must be'],
    [{ intervalMs: 500 }, 'intervalMs must be'],
    [{ intervalMs: Number.NaN }, 'intervalMs must be'],
    [{ timeoutMs: -1 }, 'timeoutMs must be a positive number'],
    [{ timeoutMs: 0 }, 'timeoutMs must be'],
  ])('%o is refused before any read', async (options, message) => {
    const f = fakeFetch()
    const e = await client(f)
      .waitForDelivery(1, options)
      .catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsSdkError)
    expect((e as Error).message).toContain(message)
    expect(f.requests).toEqual([])
  })
})
