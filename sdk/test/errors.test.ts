import { describe, expect, it } from 'vitest'
import {
  createKrsClient,
  isKrsApiError,
  KrsApiError,
  KrsAuthenticationError,
  KrsBadRequestError,
  KrsConflictError,
  KrsInvalidResponseError,
  KrsNetworkError,
  KrsNotFoundError,
  KrsPermissionDeniedError,
  KrsRateLimitError,
  KrsSdkError,
  KrsServerError,
} from '../src/index.js'
import { errorBody, fakeFetch, json } from './support/fake-fetch.js'

function client(...replies: Parameters<typeof fakeFetch>) {
  const f = fakeFetch(...replies)
  return { f, krs: createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, retry: { maxRetries: 0 } }) }
}

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p
  } catch (e) {
    return e
  }
  throw new Error('expected a rejection')
}

// The status classes under KrsApiError (anything else stays a plain KrsApiError).
const statusClasses: { [status: number]: typeof KrsApiError } = {
  400: KrsBadRequestError,
  401: KrsAuthenticationError,
  403: KrsPermissionDeniedError,
  404: KrsNotFoundError,
  409: KrsConflictError,
  429: KrsRateLimitError,
  500: KrsServerError,
}

describe('error mapping', () => {
  const cases = [
    { status: 400, code: 'KR_API_F0004', desc: 'Invalid Parameter.', message: 'member_table_id must be an integer' },
    {
      status: 401,
      code: 'KR_API_F1001',
      desc: 'Authentication Failed.',
      message: 'Bearer token is missing or invalid.',
    },
    { status: 403, code: 'KR_API_F0014', desc: 'No Has Required Privilege.', message: undefined },
    { status: 404, code: 'KR_API_F0012', desc: 'Method Is Not Exists.', message: undefined },
    { status: 413, code: 'KRSKIT_PAYLOAD_TOO_LARGE', desc: 'Payload Too Large.', message: undefined },
    { status: 415, code: 'KRSKIT_UNSUPPORTED_MEDIA_TYPE', desc: 'Unsupported Media Type.', message: undefined },
    { status: 500, code: 'KRSKIT_INTERNAL_ERROR', desc: 'Internal Server Error.', message: 'unexpected' },
  ] as const

  for (const c of cases) {
    it(`${c.status} ${c.code} becomes a KrsApiError with the envelope's fields`, async () => {
      const { krs } = client(errorBody(c.code, c.desc, c.status, c.message))
      const e = await caught(krs.getMemberTables())
      expect(e).toBeInstanceOf(KrsApiError)
      expect(e).toBeInstanceOf(KrsSdkError)
      const err = e as KrsApiError
      const subclass = statusClasses[c.status] ?? KrsApiError
      expect(e).toBeInstanceOf(subclass)
      expect(err.name).toBe(subclass.name)
      expect(err.status).toBe(c.status)
      expect(err.code).toBe(c.code)
      expect(err.desc).toBe(c.desc)
      expect(err.detail).toBe(c.message)
      expect(err.operation).toBe('get_member_tables')
      expect(err.response.status).toBe(c.status)
      expect(err.body).toEqual({ error_code: c.code, error_desc: c.desc, ...(c.message ? { message: c.message } : {}) })
      expect(isKrsApiError(e, c.code)).toBe(true)
      expect(isKrsApiError(e, 'KR_API_F0303')).toBe(false)
    })
  }

  it('keeps extra keys of the 5xx body (request_id) in `body`', async () => {
    const { krs } = client(
      json(
        { error_code: 'KRSKIT_INTERNAL_ERROR', error_desc: 'Internal Server Error.', request_id: 'req_000042' },
        500,
      ),
    )
    const e = (await caught(krs.getVersion())) as KrsApiError
    expect(e.body).toMatchObject({ request_id: 'req_000042' })
  })

  it('derives the code from the status when the body is not the error envelope (e.g. a proxy page)', async () => {
    const { krs } = client(
      new Response('<html>Bad Gateway</html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'content-type': 'text/html' },
      }),
      new Response('', { status: 401 }),
    )
    const e = (await caught(krs.getVersion())) as KrsApiError
    expect(e.code).toBe('KRSKIT_INTERNAL_ERROR')
    expect(e.desc).toBe('Bad Gateway')
    expect(e.detail).toBe('<html>Bad Gateway</html>')
    const e2 = (await caught(krs.getVersion())) as KrsApiError
    expect(e2.status).toBe(401)
    expect(e2.code).toBe('KR_API_F1001')
  })

  it('wraps a connection failure in KrsNetworkError (never a bare Error)', async () => {
    const { krs } = client(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }))
    const e = await caught(krs.getVersion())
    expect(e).toBeInstanceOf(KrsNetworkError)
    expect((e as KrsNetworkError).operation).toBe('get_version')
    expect((e as Error).message).toContain('ECONNREFUSED')
    expect(isKrsApiError(e)).toBe(false)
  })

  it('reports a 200 answer that is not JSON as KrsInvalidResponseError', async () => {
    const { krs } = client(new Response('not json', { status: 200, headers: { 'content-type': 'application/json' } }))
    const e = await caught(krs.getMemberTables())
    expect(e).toBeInstanceOf(KrsInvalidResponseError)
    expect((e as KrsInvalidResponseError).response.status).toBe(200)
  })

  it('reports an empty 200 JSON answer as KrsInvalidResponseError', async () => {
    const { krs } = client(new Response('', { status: 200, headers: { 'content-length': '0' } }))
    await expect(krs.getMemberTables()).rejects.toBeInstanceOf(KrsInvalidResponseError)
  })

  it('isKrsApiError recognises errors by brand, not by class identity', () => {
    const e = new KrsApiError({
      status: 400,
      code: 'KR_API_F0004',
      desc: 'Invalid Parameter.',
      operation: 'get_version',
      response: new Response(null, { status: 400 }),
      body: null,
    })
    const copy = Object.create(Object.getPrototypeOf(e) as object) as unknown
    expect(isKrsApiError(e)).toBe(true)
    expect(isKrsApiError(copy)).toBe(false)
    expect(isKrsApiError(new Error('x'))).toBe(false)
    expect(isKrsApiError(null)).toBe(false)
    expect(isKrsApiError({ code: 'KR_API_F0004' })).toBe(false)
  })
})
