import { durationSeconds } from '@krs-kit/mock-server/options'
import { describe, expect, it } from 'vitest'
import { engineFetch, env, fixedNow } from './support/engine-fetch.js'
import { runKrs } from './support/memory-io.js'

/** The admin commands against the emulator in process: the exact admin request, the output. */
async function admin(argv: string[]) {
  const server = engineFetch()
  const r = await runKrs(['mock', ...argv], { fetch: server.fetch, env })
  return { ...r, requests: server.requests.map((q) => ({ method: q.method, url: q.url, body: q.body })) }
}

describe('krs mock admin commands (in process)', () => {
  it('clock: GET /__mock/clock', async () => {
    const r = await admin(['clock'])
    expect(r.requests).toEqual([{ method: 'GET', url: 'http://127.0.0.1:4010/__mock/clock', body: '' }])
    expect(JSON.parse(r.stdout)).toEqual({ now: fixedNow, mode: 'manual', speed: 1 })
  })

  it('clock advance 3600: POST {advance_seconds}', async () => {
    const r = await admin(['clock', 'advance', '3600'])
    expect(r.requests).toEqual([
      { method: 'POST', url: 'http://127.0.0.1:4010/__mock/clock', body: { advance_seconds: 3600 } },
    ])
    expect(JSON.parse(r.stdout)).toMatchObject({ now: fixedNow + 3600 })
  })

  it('clock advance with a fraction of a second is refused as the testing entry refuses it, nothing sent', async () => {
    for (const [given, testing] of [
      ['1.5s', '1.5s'],
      ['500ms', '500ms'],
      ['0.4s', '0.4s'],
    ] as const) {
      const r = await admin(['--lang', 'en', 'clock', 'advance', given])
      expect(r.code).toBe(2)
      expect(r.requests).toEqual([])
      let fromTesting = ''
      try {
        durationSeconds(testing, '<duration>')
      } catch (e) {
        fromTesting = (e as Error).message
      }
      expect(fromTesting).toContain('is not a whole, non-negative number of seconds')
      expect(r.stderr).toBe(`krs: ${fromTesting}\n`)
    }
    // whole seconds in any unit are taken exactly
    expect((await admin(['clock', 'advance', '1.5m'])).requests[0]?.body).toEqual({ advance_seconds: 90 })
    expect((await admin(['clock', 'advance', '2000ms'])).requests[0]?.body).toEqual({ advance_seconds: 2 })
  })

  it('an admin error carries the id of the admin request, as JSON and as text', async () => {
    const server = engineFetch()
    const json = await runKrs(['mock', 'clock', 'set', '1999-01-01T00:00:00Z', '-o', 'json'], {
      fetch: server.fetch,
      env,
    })
    expect(json.code).toBe(1)
    const record = JSON.parse(json.stderr) as { request_id: string | null; exit_code: number }
    expect(record.request_id).toEqual(expect.any(String))
    expect(record.request_id).not.toBe('')
    const text = await runKrs(['--lang', 'en', 'mock', 'clock', 'set', '1999-01-01T00:00:00Z'], {
      fetch: engineFetch().fetch,
      env,
    })
    expect(text.code).toBe(1)
    expect(text.stderr).toMatch(/^krs: mock admin POST \/__mock\/clock: 400 .*\(request id \S+\)\n$/)
  })

  it('clock mode real: POST {mode}', async () => {
    const r = await admin(['clock', 'mode', 'real'])
    expect(r.requests[0]?.body).toEqual({ mode: 'real' })
  })

  it('reset --seed 5 --members 10: the options reach the subcommand', async () => {
    const r = await admin(['reset', '--seed', '5', '--members', '10'])
    expect(r.requests).toEqual([
      { method: 'POST', url: 'http://127.0.0.1:4010/__mock/reset', body: { seed: 5, members: 10 } },
    ])
    expect(JSON.parse(r.stdout)).toEqual({ ok: true })
  })

  it('tenant new --clock manual: POST /__mock/tenants', async () => {
    const r = await admin(['tenant', 'new', '--clock', 'manual', '--members', '3'])
    expect(r.requests).toEqual([
      { method: 'POST', url: 'http://127.0.0.1:4010/__mock/tenants', body: { members: 3, clock: { mode: 'manual' } } },
    ])
    expect(JSON.parse(r.stdout)).toMatchObject({
      tenant_id: expect.any(String),
      tokens: expect.objectContaining({ 'krs-all': expect.any(String) }),
    })
  })

  it('tenant new --from default: POST /__mock/tenants {from}, a fork with its own tokens', async () => {
    const r = await admin(['tenant', 'new', '--from', 'default'])
    expect(r.requests).toEqual([
      { method: 'POST', url: 'http://127.0.0.1:4010/__mock/tenants', body: { from: 'default' } },
    ])
    const created = JSON.parse(r.stdout) as { tenant_id: string; tokens: Record<string, string> }
    expect(created.tenant_id).toMatch(/^t_/)
    expect(created.tokens['krs-all']).not.toBe('krs-all')
  })

  it("tenant new --from an unknown source: the emulator's 404 reaches the user", async () => {
    const r = await admin(['tenant', 'new', '--from', 'nothing'])
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('unknown_source')
  })

  it('outbox <delivery>: GET /__mock/outbox?delivery_id=', async () => {
    const r = await admin(['outbox', '1201', '--limit', '5'])
    expect(r.requests).toEqual([
      { method: 'GET', url: 'http://127.0.0.1:4010/__mock/outbox?delivery_id=1201&limit=5', body: '' },
    ])
  })
})
