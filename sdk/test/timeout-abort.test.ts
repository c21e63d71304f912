import { describe, expect, it } from 'vitest'
import { createKrsClient, KrsAbortError, KrsTimeoutError } from '../src/index.js'
import { errorBody, fakeFetch, hangingFetch } from './support/fake-fetch.js'

const highLoadReply = () => errorBody('KRSKIT_HIGH_LOAD', 'System Is In High Load State.', 503)

describe('timeouts', () => {
  it('fails a call that takes longer than the client timeout with KrsTimeoutError', async () => {
    const f = hangingFetch()
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, timeoutMs: 30 })
    const started = Date.now()
    const e = await krs.getVersion().catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsTimeoutError)
    expect((e as KrsTimeoutError).timeoutMs).toBe(30)
    expect((e as KrsTimeoutError).operation).toBe('get_version')
    expect(Date.now() - started).toBeLessThan(2000)
    expect(f.requests[0]?.signal.aborted).toBe(true)
  })

  it('times out even when a custom fetch ignores the abort signal', async () => {
    const krs = createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      fetch: () => new Promise<Response>(() => {}),
      timeoutMs: 20,
    })
    await expect(krs.getVersion()).rejects.toBeInstanceOf(KrsTimeoutError)
  })

  it('lets a call override the client timeout', async () => {
    const f = hangingFetch()
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, timeoutMs: 60_000 })
    await expect(krs.getVersion({}, { timeoutMs: 20 })).rejects.toMatchObject({
      name: 'KrsTimeoutError',
      timeoutMs: 20,
    })
  })

  it('counts backoff waits in the timeout', async () => {
    const f = fakeFetch(highLoadReply(), highLoadReply(), highLoadReply())
    const krs = createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      fetch: f.fetch,
      timeoutMs: 40,
      retry: { baseDelayMs: 10_000 },
    })
    await expect(krs.getVersion()).rejects.toBeInstanceOf(KrsTimeoutError)
    expect(f.requests).toHaveLength(1)
  })
})

describe('abort', () => {
  it('aborts an in-flight call with KrsAbortError carrying the reason', async () => {
    const f = hangingFetch()
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const controller = new AbortController()
    const p = krs.getVersion({}, { signal: controller.signal })
    setTimeout(() => controller.abort('user left'), 5)
    const e = await p.catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsAbortError)
    expect((e as KrsAbortError).cause).toBe('user left')
  })

  it('does not send anything when the signal is already aborted', async () => {
    const f = hangingFetch()
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    await expect(krs.getVersion({}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(KrsAbortError)
    expect(f.requests).toHaveLength(0)
  })

  it('interrupts a backoff wait', async () => {
    const f = fakeFetch(highLoadReply(), highLoadReply())
    const krs = createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      fetch: f.fetch,
      retry: { baseDelayMs: 10_000 },
    })
    const controller = new AbortController()
    const p = krs.getVersion({}, { signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(p).rejects.toBeInstanceOf(KrsAbortError)
    expect(f.requests).toHaveLength(1)
  })

  it('removes its listener from the caller signal after the call', async () => {
    const f = fakeFetch(new Response(JSON.stringify('1'), { status: 200 }))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const controller = new AbortController()
    await krs.getVersion({}, { signal: controller.signal })
    // aborting later must not reach the finished call's internal controller
    controller.abort()
    expect(f.requests[0]?.signal.aborted).toBe(false)
  })
})
