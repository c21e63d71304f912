import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKrsClient, KrsAbortError, KrsApiError, KrsTimeoutError, KrsWaitStalledError } from '../src/index.js'
import { errorBody, fakeFetch, fetchAlways, json, recordingSleep } from './support/fake-fetch.js'

describe('waitForDelivery', () => {
  it('polls get_delivery_status every 30 s by default until phase 3, reporting progress', async () => {
    const statuses = [
      [0, ''],
      [1, ''],
      [2, '配信対象数 3054 (37%完了)'],
      [3, '配信対象数 3054 (100%完了)'],
    ]
    const f = fakeFetch(...statuses.map((s) => json(s)))
    const s = recordingSleep()
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, sleep: s.sleep })
    const seen: unknown[] = []
    const final = await krs.waitForDelivery(7, { onProgress: (status, poll) => seen.push([poll, status[0]]) })
    expect(final).toEqual([3, '配信対象数 3054 (100%完了)'])
    expect(seen).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ])
    expect(s.delays).toEqual([30_000, 30_000, 30_000])
    expect(f.requests.map((r) => r.url)).toEqual(Array(4).fill('http://x.test/api/v1/get_delivery_status'))
    expect(f.requests[0]?.body).toEqual({ delivery_id: 7 })
  })

  it('stops at the requested phase, with the given interval and sleep', async () => {
    const f = fakeFetch(json([0, '']), json([2, 'x']))
    const client = recordingSleep()
    const own = recordingSleep()
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, sleep: client.sleep })
    await expect(krs.waitForDelivery(7, { phase: 1, intervalMs: 10_000, sleep: own.sleep })).resolves.toEqual([2, 'x'])
    expect(own.delays).toEqual([10_000])
    expect(client.delays).toEqual([])
  })

  it('returns at once when the delivery is already in the phase', async () => {
    const f = fakeFetch(json([3, 'done']))
    const s = recordingSleep()
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, sleep: s.sleep })
    await expect(krs.waitForDelivery(1)).resolves.toEqual([3, 'done'])
    expect(s.delays).toEqual([])
  })

  it('passes API errors through (e.g. an unknown delivery)', async () => {
    const f = fakeFetch(errorBody('KR_API_F0005', 'Invalid Object ID.', 400))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    await expect(krs.waitForDelivery(999)).rejects.toBeInstanceOf(KrsApiError)
  })

  it('gives up with KrsTimeoutError after timeoutMs', async () => {
    const f = fetchAlways(() => json([1, '']))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const e = await krs.waitForDelivery(1, { intervalMs: 1_000, timeoutMs: 60 }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsTimeoutError)
    // The timeout ends the wait in the middle of its first interval.
    expect(f.requests.length).toBe(1)
  })

  it('stops with KrsAbortError when the signal aborts', async () => {
    const f = fetchAlways(() => json([0, '']))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 30)
    await expect(krs.waitForDelivery(1, { intervalMs: 1_000, signal: controller.signal })).rejects.toBeInstanceOf(
      KrsAbortError,
    )
  })
})

describe('waitForBatchJob', () => {
  it('polls get_batch_job_status until progress is 100', async () => {
    const progress = [0, 37, 99, 100]
    const f = fakeFetch(
      ...progress.map((p) => json({ start_date: 1756700000, upload_date: null, progress: p, operation: 'export' })),
    )
    const s = recordingSleep()
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, sleep: s.sleep })
    const seen: number[] = []
    const final = await krs.waitForBatchJob(12, { onProgress: (status) => seen.push(status.progress) })
    expect(final.progress).toBe(100)
    expect(seen).toEqual(progress)
    expect(s.delays).toEqual([30_000, 30_000, 30_000])
    expect(f.requests[0]?.body).toEqual({ batch_job_id: 12 })
  })
})

/** An emulator stand-in: status answers carry X-Krs-Emulator; /__mock/clock answers its clock and moves it. */
function emulatorFetch(mode: 'manual' | 'real', phaseAt: (now: number) => number) {
  let now = 1_767_225_600
  return fetchAlways(async (request) => {
    const path = new URL(request.url).pathname
    if (path === '/__mock/clock') {
      if (request.method === 'POST') now += ((await request.json()) as { advance_seconds: number }).advance_seconds
      return json({ mode, now, speed: 1 })
    }
    const r = json([phaseAt(now), ''])
    r.headers.set('x-krs-emulator', 'krs-mock')
    return r
  })
}

describe('waits and the emulator', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('a manual clock fails at the first poll with KrsWaitStalledError saying how to move it', async () => {
    const f = emulatorFetch('manual', () => 0)
    const s = recordingSleep()
    const krs = createKrsClient({ baseUrl: 'http://127.0.0.1:4010', token: 't', fetch: f.fetch, sleep: s.sleep })
    const e = await krs.waitForDelivery(7, { timeoutMs: 1500 }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsWaitStalledError)
    expect((e as Error).message).toBe(
      "get_delivery_status: delivery 7 did not reach phase 3 and never will: the krs-kit emulator's clock is manual (last seen at phase 0). " +
        'Advance it (POST /__mock/clock {"advance_seconds": 600}, or krs mock clock advance 10m) or pass advanceClock: true.',
    )
    expect(s.delays).toEqual([])
    expect(f.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/v1/get_delivery_status',
      'GET /__mock/clock',
    ])
    expect(f.requests[1]?.headers.get('authorization')).toBe('Bearer t')
  })

  it('advanceClock: true moves the emulator clock by the interval before each poll, without sleeping', async () => {
    // The delivery is handed over ten minutes after the start.
    const start = 1_767_225_600
    const f = emulatorFetch('manual', (now) => (now - start >= 600 ? 3 : 0))
    const s = recordingSleep()
    const krs = createKrsClient({ baseUrl: 'http://127.0.0.1:4010', token: 't', fetch: f.fetch, sleep: s.sleep })
    const final = await krs.waitForDelivery(7, { advanceClock: true, intervalMs: 120_000 })
    expect(final[0]).toBe(3)
    expect(s.delays).toEqual([])
    const advances = f.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/__mock/clock'))
    expect(advances.map((r) => r.body)).toEqual(Array(5).fill({ advance_seconds: 120 }))
  })

  it('a real emulator clock is polled every 250 ms', async () => {
    let polls = 0
    const f = emulatorFetch('real', () => (++polls >= 3 ? 3 : 1))
    const s = recordingSleep()
    const krs = createKrsClient({ baseUrl: 'http://127.0.0.1:4010', token: 't', fetch: f.fetch, sleep: s.sleep })
    await krs.waitForDelivery(7)
    expect(s.delays.slice(-2)).toEqual([250, 250])
  })

  it('waits end after one hour by default, saying what did not happen and the last status', async () => {
    vi.useFakeTimers()
    const f = fetchAlways(() => json([1, '']))
    const krs = createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      fetch: f.fetch,
      sleep: async (ms) => {
        await vi.advanceTimersByTimeAsync(ms)
      },
    })
    const e = await krs.waitForDelivery(7).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsTimeoutError)
    expect((e as KrsTimeoutError).timeoutMs).toBe(3_600_000)
    expect((e as Error).message).toBe(
      'get_delivery_status: delivery 7 did not reach phase 3 within 3600000 ms of waiting (last seen at phase 1)',
    )
    expect(f.requests.length).toBe(120)
  })
})
