import { beforeAll, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '@krs-kit/mock-server'
import { callAdmin } from '@krs-kit/mock-server/testing'
import { createKrsClient, isKrsApiError, type KrsApiError, KrsServerError, type KrsClient } from '@krs-kit/sdk'
import { newTenant, type Tenant } from './support/tenant.js'

// Request ids end to end: every answer of the emulator carries X-Request-Id, the id its
// journal records for the call; the SDK reports that id on withResponse() and on errors.
// Against the HTTP door (krs-mock on 127.0.0.1, not through Prism: the ids are the
// emulator's) and in process (the engine's fetch handler as the SDK's fetch).

interface JournalEntry {
  id: string
  operation: string | null
  status: number
}

interface Door {
  krs: KrsClient
  journal(): Promise<JournalEntry[]>
  /** Makes the next call of `operation` answer 503 (an injected fault). */
  fault(operation: string): Promise<void>
  /** A raw call to any path (admin or API) with the given headers. */
  raw(path: string, init: RequestInit): Promise<Response>
}

function doorSuite(name: string, door: () => Door) {
  describe(name, () => {
    let d: Door
    beforeAll(() => {
      d = door()
    })
    const last = async (): Promise<JournalEntry> => (await d.journal()).at(-1)!

    it('withResponse() of a success carries the journal id, and the header equals it', async () => {
      const { data, response, requestId } = await d.krs.getMemberTables().withResponse()
      expect(Array.isArray(data)).toBe(true)
      const entry = await last()
      expect(entry.operation).toBe('get_member_tables')
      expect(requestId).toBe(entry.id)
      expect(response.headers.get('x-request-id')).toBe(entry.id)
    })

    it('a business error (4xx) carries the journal id', async () => {
      const e = await d.krs.getMemberInfo({ member_table_id: 999_999, member_id: 1 }).catch((x: unknown) => x)
      expect(isKrsApiError(e, 'KR_API_F0005')).toBe(true)
      const entry = await last()
      expect(entry).toMatchObject({ operation: 'get_member_info', status: (e as KrsApiError).status })
      expect((e as KrsApiError).requestId).toBe(entry.id)
    })

    it('a 5xx carries the journal id, the same as the body request_id', async () => {
      await d.fault('get_conditions')
      const e = await d.krs.getConditions({ member_table_id: 1 }, { maxRetries: 0 }).catch((x: unknown) => x)
      expect(e).toBeInstanceOf(KrsServerError)
      const entry = await last()
      expect(entry.status).toBe(503)
      expect((e as KrsApiError).requestId).toBe(entry.id)
      expect((e as KrsApiError).body).toMatchObject({ request_id: entry.id })
    })

    it('each attempt of a retried call is journaled under the id the SDK sent (the caller id, then <id>.1)', async () => {
      await d.fault('get_member_tables')
      const before = (await d.journal()).length
      const { requestId } = await d.krs.getMemberTables({}, { requestId: `trace-${name.length}` }).withResponse()
      const entries = (await d.journal()).slice(before)
      expect(entries.map((x) => x.status)).toEqual([503, 200])
      expect(requestId).toBe(entries[1]!.id)
      expect(entries.map((x) => x.id)).toEqual([`trace-${name.length}`, `trace-${name.length}.1`])
    })

    it('takes a plain client id, replaces an unsafe or too long one, and answers admin calls with an id', async () => {
      const plain = await d.raw('/api/v1/get_version', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'abc-123.x:y_z' },
        body: '{}',
      })
      expect(plain.headers.get('x-request-id')).toBe('abc-123.x:y_z')
      const unsafe = await d.raw('/api/v1/get_version', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'a b<script>' },
        body: '{}',
      })
      expect(unsafe.headers.get('x-request-id')).toMatch(/^req_\d{6,}$/)
      const long = await d.raw('/api/v1/get_version', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'x'.repeat(129) },
        body: '{}',
      })
      expect(long.headers.get('x-request-id')).toMatch(/^req_\d{6,}$/)
      const adminAnswer = await d.raw('/__mock/clock', { method: 'GET', headers: { 'x-request-id': 'admin-1' } })
      expect(adminAnswer.headers.get('x-request-id')).toBe('admin-1')
      const unknownApi = await d.raw('/api/v1/no_such_api', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(unknownApi.status).toBe(404)
      expect(unknownApi.headers.get('x-request-id')).toMatch(/^req_\d{6,}$/)
    })
  })
}

let t: Tenant
beforeAll(async () => {
  t = await newTenant()
})

doorSuite('HTTP door', () => {
  const token = t.tokens['krs-all']!
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  return {
    krs: createKrsClient({ baseUrl: t.mockUrl, token, retry: { maxRetries: 1, baseDelayMs: 1 } }),
    async journal() {
      return ((await t.admin('GET', 'journal')).json as { entries: JournalEntry[] }).entries
    },
    async fault(operation) {
      expect((await t.admin('POST', 'faults', { operation, status: 503, count: 1 })).status).toBe(200)
    },
    raw: (path, init) =>
      fetch(`${t.mockUrl}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } }),
  }
})

doorSuite('in process (the engine as fetch)', () => {
  const engine: Engine = createEngine({ clock: { mode: 'manual' }, seed: 3 })
  const base = 'http://emulator.invalid'
  const auth = { authorization: 'Bearer krs-all', 'content-type': 'application/json' }
  const target = { url: base, fetch: (r: Request) => engine.handle(r) }
  return {
    krs: createKrsClient({
      baseUrl: base,
      token: 'krs-all',
      fetch: (r) => engine.handle(r),
      retry: { maxRetries: 1, baseDelayMs: 1 },
    }),
    async journal() {
      const r = await callAdmin(target, 'GET', 'journal', { token: 'krs-all' })
      return (r.json as { entries: JournalEntry[] }).entries
    },
    async fault(operation) {
      const body = { operation, status: 503, count: 1 }
      expect((await callAdmin(target, 'POST', 'faults', { token: 'krs-all', body })).status).toBe(200)
    },
    raw: (path, init) =>
      engine.handle(
        new Request(`${base}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } }),
      ),
  }
})
