import { describe, expect, it } from 'vitest'
import { createKrsClient, type RequestHookContext } from '../src/index.js'
import { errorBody, fakeFetch, json, recordingSleep } from './support/fake-fetch.js'

describe('onRequest / onResponse hooks', () => {
  it('see every attempt with its operation, and may replace the request', async () => {
    const f = fakeFetch(errorBody('KRSKIT_HIGH_LOAD', 'System Is In High Load State.', 503), json('1.5.0'))
    const seen: Array<Omit<RequestHookContext, 'request'> & { status?: number }> = []
    const krs = createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      fetch: f.fetch,
      sleep: recordingSleep().sleep,
      onRequest({ operation, attempt, request }) {
        seen.push({ operation, attempt })
        const headers = new Headers(request.headers)
        headers.set('x-request-attempt', String(attempt))
        return new Request(request, { headers })
      },
      onResponse({ operation, attempt, response }) {
        seen.push({ operation, attempt, status: response.status })
      },
    })
    await expect(krs.getVersion()).resolves.toBe('1.5.0')
    expect(seen).toEqual([
      { operation: 'get_version', attempt: 0 },
      { operation: 'get_version', attempt: 0, status: 503 },
      { operation: 'get_version', attempt: 1 },
      { operation: 'get_version', attempt: 1, status: 200 },
    ])
    expect(f.requests.map((r) => r.headers.get('x-request-attempt'))).toEqual(['0', '1'])
  })

  it('onResponse may replace the response', async () => {
    const f = fakeFetch(json('real'))
    const krs = createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      fetch: f.fetch,
      onResponse: () => json('replaced'),
    })
    await expect(krs.getVersion()).resolves.toBe('replaced')
  })

  it('an error thrown by a hook reaches the caller unchanged and is not retried', async () => {
    const f = fakeFetch(json('1'), json('2'))
    const boom = new RangeError('hook failed')
    const krs = createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      fetch: f.fetch,
      onRequest() {
        throw boom
      },
    })
    await expect(krs.getVersion()).rejects.toBe(boom)
    expect(f.requests).toHaveLength(0)
  })
})
