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
