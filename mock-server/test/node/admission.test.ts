import http from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEngine, type Engine, type RawRequest, type TenantRuntime } from '../../src/index.js'
import { TenantRegistry } from '../../src/kernel/tenant-registry.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'
import { answerOf } from '../support/answer-of.js'

// The Node door runs the checks that need no body (method, API name, content type, size,
// token) before it reads the body, and the pipeline does not run them a second time: one
// token lookup per request, unless a tenant or token changed while the body was arriving.

let server: RunningServer | null = null
afterEach(async () => {
  vi.restoreAllMocks()
  await server?.close()
  server = null
})

const BODY = JSON.stringify({})

function tokenOf(t: TenantRuntime): string {
  return [...t.state.tokens.values()].find((tok) => tok.name === 'krs-all')!.token
}

function post(url: string, token: string): Promise<{ status: number; body: string }> {
  const req = http.request(`${url}/api/v1/get_member_tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  })
  const answer = answerOf(req)
  req.end(BODY)
  return answer
}

/**
 * A request whose headers are sent at once and whose body only after `between` ran (once the
 * door has admitted the request, i.e. looked its token up).
 */
function postWithPause(
  url: string,
  token: string,
  admittedWhen: () => boolean,
  between: () => void,
): Promise<{ status: number; body: string }> {
  const req = http.request(`${url}/api/v1/get_member_tables`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(BODY)),
      authorization: `Bearer ${token}`,
    },
  })
  const answer = answerOf(req)
  req.flushHeaders()
  const wait = setInterval(() => {
    if (!admittedWhen()) return
    clearInterval(wait)
    between()
    req.end(BODY)
  }, 5)
  return answer
}

async function start(): Promise<{ engine: Engine; url: string; tenant: TenantRuntime }> {
  const engine = createEngine({ members: 5 })
  const tenant = engine.createTenant()
  server = await startNodeServer(engine, { port: 0 })
  return { engine, url: server.url, tenant }
}

describe('Node door: one admission per request', () => {
  it('looks a request token up once, and answers and journals as before', async () => {
    const { url, tenant } = await start()
    const token = tokenOf(tenant)
    const resolve = vi.spyOn(TenantRegistry.prototype, 'resolve')
    for (let i = 0; i < 5; i++) {
      const r = await post(url, token)
      expect(r.status).toBe(200)
      expect(Array.isArray(JSON.parse(r.body))).toBe(true)
    }
    expect(resolve).toHaveBeenCalledTimes(5)
    const journaled = tenant.journal.list().filter((e) => e.operation === 'get_member_tables')
    expect(journaled).toHaveLength(5)
    expect(journaled.every((e) => e.status === 200 && e.requestText === BODY)).toBe(true)
  })

  it('still refuses a request whose tenant was deleted while its body was arriving', async () => {
    const { engine, url, tenant } = await start()
    const resolve = vi.spyOn(TenantRegistry.prototype, 'resolve')
    const r = await postWithPause(
      url,
      tokenOf(tenant),
      () => resolve.mock.calls.length > 0,
      () => engine.deleteTenant(tenant),
    )
    expect(r.status).toBe(401)
    expect(JSON.parse(r.body)).toMatchObject({ error_code: 'KR_API_F1001' })
    expect(resolve).toHaveBeenCalledTimes(2)
  })

  it('answers for the new state of a tenant forked while the body was arriving', async () => {
    const { engine, url, tenant } = await start()
    const resolve = vi.spyOn(TenantRegistry.prototype, 'resolve')
    let fork: TenantRuntime | null = null
    const r = await postWithPause(
      url,
      tokenOf(tenant),
      () => resolve.mock.calls.length > 0,
      () => {
        fork = engine.createTenant({ from: tenant.id })
      },
    )
    expect(r.status).toBe(200)
    expect(fork).not.toBeNull()
    // the fork changed what the parent's accounts are (its own copy from then on): looked up again
    expect(resolve).toHaveBeenCalledTimes(2)
  })
})

describe('engine: a request admitted before its body', () => {
  function request(token: string, bodyText: string): RawRequest {
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
    return { method: 'POST', path: '/api/v1/get_member_tables', query: '', header: (n) => headers[n], bodyText }
  }

  it('still refuses a body over the limit that came after the admission', async () => {
    const engine = createEngine({ members: 5, maxBodyBytes: 100 })
    const req = request('krs-all', '')
    expect(engine.admit(req)).toBeNull()
    req.bodyText = JSON.stringify({ pad: 'x'.repeat(200) })
    const res = await engine.respond(req)
    expect(res.status).toBe(413)
    expect(res.errorCode).toBe('KRSKIT_PAYLOAD_TOO_LARGE')
  })

  it('does not take the admission of one API for another', async () => {
    const engine = createEngine({ members: 5 })
    const req = request('krs-all', '')
    expect(engine.admit(req)).toBeNull()
    const other = { ...req, path: '/api/v1/no_such_api', bodyText: BODY }
    const res = await engine.respond(other)
    expect(res.errorCode).toBe('KR_API_F0012')
  })
})
