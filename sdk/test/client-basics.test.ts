import { readdirSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKrsClient, KrsSdkError } from '../src/index.js'
import { camelCase } from '../src/camel-case.js'
import { operationMeta } from '@krs-kit/contract/operation-meta'
import { operationNames } from '@krs-kit/contract/operation-names'
import { fakeFetch, fetchAlways, json } from './support/fake-fetch.js'

describe('createKrsClient: requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('builds https://krs.bz/{environmentId}/api/v1/{name} and POSTs the JSON body with the bearer token', async () => {
    const f = fakeFetch(json(15))
    const krs = createKrsClient({ environmentId: 'env-42', token: 'secret', fetch: f.fetch })
    const id = await krs.call('lookup_member_id', { member_table_id: 1, member_info: { e_4: 'a@example.com' } })
    expect(id).toBe(15)
    expect(krs.baseUrl).toBe('https://krs.bz/env-42')
    const [req] = f.requests
    expect(req?.url).toBe('https://krs.bz/env-42/api/v1/lookup_member_id')
    expect(req?.method).toBe('POST')
    expect(req?.headers.get('authorization')).toBe('Bearer secret')
    expect(req?.headers.get('content-type')).toBe('application/json')
    expect(req?.body).toEqual({ member_table_id: 1, member_info: { e_4: 'a@example.com' } })
  })

  it('uses baseUrl (trailing slash removed) over environmentId, and sends {} when the body is left out', async () => {
    const f = fakeFetch(json([]))
    const krs = createKrsClient({ baseUrl: 'http://127.0.0.1:4010/', environmentId: 'ignored', fetch: f.fetch })
    await krs.getVersion()
    expect(f.requests[0]?.url).toBe('http://127.0.0.1:4010/api/v1/get_version')
    expect(f.requests[0]?.body).toEqual({})
    expect(f.requests[0]?.headers.has('authorization')).toBe(false)
  })

  it('encodes the environment ID as one path segment', () => {
    const krs = createKrsClient({ environmentId: 'a/b c', fetch: fakeFetch().fetch })
    expect(krs.baseUrl).toBe('https://krs.bz/a%2Fb%20c')
  })

  it('refuses a configuration without environmentId or baseUrl', () => {
    expect(() => createKrsClient({ token: 't' })).toThrow(KrsSdkError)
  })

  it('sends client and per-call headers', async () => {
    const f = fakeFetch(json('1.5.0'))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', headers: { 'x-tenant': 't1' }, fetch: f.fetch })
    await krs.getVersion({}, { headers: { 'x-trace': 'abc' } })
    expect(f.requests[0]?.headers.get('x-tenant')).toBe('t1')
    expect(f.requests[0]?.headers.get('x-trace')).toBe('abc')
  })

  it('has one camelCase method per operation, each POSTing to its own API name', async () => {
    const f = fetchAlways(() => json({ ok: true, other: 1 }))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, retry: { maxRetries: 0 } })
    const methods = krs as unknown as Record<string, (body?: unknown) => Promise<unknown>>
    expect(operationNames).toHaveLength(readdirSync(new URL('../../spec/paths/', import.meta.url)).length)
    expect(Object.keys(operationMeta)).toEqual([...operationNames])
    for (const name of operationNames) {
      const method = methods[camelCase(name)]
      expect(typeof method, name).toBe('function')
      await method?.({})
      expect(f.requests.at(-1)?.url).toBe(`http://x.test/api/v1/${name}`)
    }
  })

  it('looks up globalThis.fetch at call time, so a fetch installed after the client (msw) is used', async () => {
    const krs = createKrsClient({ baseUrl: 'http://x.test' })
    const f = fakeFetch(json('9.8.7'))
    vi.stubGlobal('fetch', f.fetch)
    await expect(krs.getVersion()).resolves.toBe('9.8.7')
    expect(f.requests).toHaveLength(1)
  })
})

describe('camelCase', () => {
  it('turns API names into method names', () => {
    expect(camelCase('get_member_tables')).toBe('getMemberTables')
    expect(camelCase('get_members_num_by_oneshot_condition')).toBe('getMembersNumByOneshotCondition')
    expect(camelCase('get_version')).toBe('getVersion')
  })
})
