import { describe, expect, it } from 'vitest'
import { createKrsClient, KrsApiError, KrsNetworkError } from '../src/index.js'
import { backoffDelay, defaultRetry, parseRetryAfter } from '../src/retry-policy.js'
import { errorBody, fakeFetch, json, recordingSleep, type Reply } from './support/fake-fetch.js'

function setup(replies: Reply[], extra: Parameters<typeof createKrsClient>[0] = {}) {
  const f = fakeFetch(...replies)
  const s = recordingSleep()
  const krs = createKrsClient({
    baseUrl: 'http://x.test',
    token: 't',
    fetch: f.fetch,
    sleep: s.sleep,
    random: () => 0.5,
    ...extra,
  })
  return { f, s, krs }
}

const rateLimited = (headers: Record<string, string> = {}) =>
  errorBody('KRSKIT_RATE_LIMITED', 'Too Many Requests.', 429, 'slow down', headers)
const highLoad = () => errorBody('KRSKIT_HIGH_LOAD', 'System Is In High Load State.', 503)

describe('retries', () => {
  it('retries a 429 after the Retry-After seconds and returns the later success', async () => {
    const { f, s, krs } = setup([rateLimited({ 'retry-after': '2' }), json('1.5.0')])
    await expect(krs.getVersion()).resolves.toBe('1.5.0')
    expect(f.requests).toHaveLength(2)
    expect(s.delays).toEqual([2000])
  })

  it('honours Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.now() + 5000).toUTCString()
    const { s, krs } = setup([rateLimited({ 'retry-after': at }), json('1.5.0')])
    await krs.getVersion()
    expect(s.delays).toHaveLength(1)
    expect(s.delays[0]).toBeGreaterThan(3000)
    expect(s.delays[0]).toBeLessThanOrEqual(5000)
  })

  it('backs off exponentially with jitter on 503 and on connection errors', async () => {
    const { f, s, krs } = setup([highLoad(), new TypeError('fetch failed'), json('ok')])
    await expect(krs.getVersion()).resolves.toBe('ok')
    expect(f.requests).toHaveLength(3)
    // base 500 ms, attempt 0 → 500, attempt 1 → 1000; equal jitter with random 0.5 → 3/4 of each
    expect(s.delays).toEqual([375, 750])
  })

  it('gives up after the default 2 retries and throws the last error', async () => {
    const { f, s, krs } = setup([highLoad(), highLoad(), highLoad()])
    const e = await krs.getVersion().catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsApiError)
    expect((e as KrsApiError).status).toBe(503)
    expect(f.requests).toHaveLength(3)
    expect(s.delays).toHaveLength(2)
  })

  it('throws KrsNetworkError after the retries of a persistent connection error', async () => {
    const { f, krs } = setup([
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
    ])
    await expect(krs.getVersion()).rejects.toBeInstanceOf(KrsNetworkError)
    expect(f.requests).toHaveLength(3)
  })

  for (const status of [400, 401, 403, 404, 409, 500]) {
    it(`never retries a ${status}`, async () => {
      const { f, s, krs } = setup([errorBody('KR_API_F0004', 'Invalid Parameter.', status), json('x')])
      await expect(krs.getVersion()).rejects.toMatchObject({ status })
      expect(f.requests).toHaveLength(1)
      expect(s.delays).toEqual([])
    })
  }

  it('takes the retry count from the client and from the call', async () => {
    const a = setup([highLoad(), highLoad(), highLoad(), highLoad(), json('ok')], { retry: { maxRetries: 4 } })
    await expect(a.krs.getVersion()).resolves.toBe('ok')
    expect(a.f.requests).toHaveLength(5)
    const b = setup([highLoad(), json('ok')])
    await expect(b.krs.getVersion({}, { maxRetries: 0 })).rejects.toMatchObject({ status: 503 })
    expect(b.f.requests).toHaveLength(1)
  })

  it('does not wait for a Retry-After longer than maxDelayMs: it throws the 429 instead', async () => {
    const { f, s, krs } = setup([rateLimited({ 'retry-after': '3600' }), json('ok')])
    await expect(krs.getVersion()).rejects.toMatchObject({ status: 429, code: 'KRSKIT_RATE_LIMITED' })
    expect(f.requests).toHaveLength(1)
    expect(s.delays).toEqual([])
  })
})

describe('retry policy', () => {
  it('parses Retry-After seconds and dates, and ignores garbage', () => {
    expect(parseRetryAfter('0')).toBe(0)
    expect(parseRetryAfter('1.5')).toBe(1500)
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000)
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 08:00:00 GMT'))).toBe(0)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(null)).toBeUndefined()
  })

  it('keeps backoff between half and all of the capped exponential delay', () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const cap = Math.min(defaultRetry.maxDelayMs, defaultRetry.baseDelayMs * 2 ** attempt)
      expect(backoffDelay(attempt, defaultRetry, () => 0)).toBe(cap / 2)
      expect(backoffDelay(attempt, defaultRetry, () => 0.999999)).toBeCloseTo(cap, -1)
    }
  })

  it('gives whole milliseconds, for a jittered backoff and a fractional Retry-After alike', () => {
    const odd = { maxRetries: 3, baseDelayMs: 333, maxDelayMs: 30_000 }
    for (const r of [0.1234567, 0.5, 0.987654321]) expect(Number.isInteger(backoffDelay(1, odd, () => r))).toBe(true)
    expect(parseRetryAfter('0.0015')).toBe(2)
  })
})
