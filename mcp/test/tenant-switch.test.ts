/**
 * emulator_create_tenant switches only to a target that answers as the emulator, and only to
 * a token the new tenant really has; the admin bodies the tools send are checked against the
 * admin contract first. A refusal leaves the session calling what it called.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockProcess, startMock } from '@krs-kit/cross-tests/support/spawn-mock'
import { adminBodyProblem } from '../src/admin-bodies.js'
import { callTool, type Connected, connect } from './support.js'

/** A server that is not the emulator: answers every call 200 without X-Krs-Emulator, noting what it got. */
let other: http.Server
const otherSaw: { url: string; authorization: string | undefined }[] = []
let otherUrl = ''
const mocks: MockProcess[] = []
const clients: Connected[] = []

beforeAll(async () => {
  other = http.createServer((req, res) => {
    otherSaw.push({ url: req.url ?? '', authorization: req.headers.authorization })
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' }).end('"1.0"')
  })
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r))
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const c of clients) await c.close()
  for (const m of mocks) await m.stop()
  await new Promise((r) => other.close(r))
})

async function session(mockArgs: string[]): Promise<Connected> {
  const mock = await startMock(mockArgs)
  mocks.push(mock)
  const c = await connect(['--allow-writes'], { KRS_BASE_URL: mock.url, KRS_API_TOKEN: 'krs-all' })
  clients.push(c)
  return c
}

const count = (c: Connected) =>
  callTool(c, 'krs_call', {
    operation: 'get_members_num_by_condition',
    body: { member_table_id: 1, condition_id: 1 },
  })

describe('emulator_create_tenant', () => {
  it('does not switch to a base_url that is not the emulator (a --public-url elsewhere)', async () => {
    const c = await session(['--public-url', otherUrl])
    const before = await count(c)
    expect(before.isError, before.text).toBe(false)
    const created = await callTool(c, 'emulator_create_tenant', { members: 5 })
    expect(created.isError).toBe(true)
    expect(created.text).toContain('not the krs-kit emulator')
    // the session still calls the default tenant of the emulator
    const after = await count(c)
    expect(after.isError, after.text).toBe(false)
    expect(after.text).toBe(before.text)
    // the other server was only asked whether it is the emulator, without a token
    expect(otherSaw.length).toBeGreaterThan(0)
    for (const r of otherSaw) {
      expect(r.url).toMatch(/\/api\/v1\/get_version$/)
      expect(r.authorization).toBeUndefined()
    }
  }, 60_000)

  it('refuses token_name "__proto__" with a clear error, and the session keeps working', async () => {
    const c = await session([])
    const created = await callTool(c, 'emulator_create_tenant', { members: 5, token_name: '__proto__' })
    expect(created.isError).toBe(true)
    expect(created.text).toContain('no token named "__proto__"')
    const after = await count(c)
    expect(after.isError, after.text).toBe(false)
    expect(Number(after.text)).toBeGreaterThan(5)
    const ok = await callTool(c, 'emulator_create_tenant', { members: 5, token_name: 'krs-work' })
    expect(ok.isError, ok.text).toBe(false)
  }, 60_000)
})

describe('admin bodies', () => {
  it('are checked against the admin contract before they are sent', () => {
    expect(adminBodyProblem('mock_create_tenant', { members: 5 })).toBeUndefined()
    expect(adminBodyProblem('mock_create_tenant', { seed: -1 })).toMatch(/mock_create_tenant: .*body\/seed/)
    expect(adminBodyProblem('mock_set_clock', { advance_seconds: 'soon' })).toMatch(/advance_seconds/)
    expect(adminBodyProblem('mock_reset', { __proto__: 1, extra: true })).toMatch(/additional/)
    expect(adminBodyProblem('mock_import_snapshot', {})).toMatch(/no admin contract schema/)
  })
})
