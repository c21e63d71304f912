import { expect, it, vi } from 'vitest'
import { KrsError, type EngineContext } from '../../src/index.js'
import { errorCatalogue } from '@krs-kit/contract/errors'
import { runOnEveryDoor } from '../support/run-on-every-door.js'

/** A small generated member table keeps each test's fresh engine cheap. */
const small = { engine: { members: 20 } }

interface ErrorBody {
  error_code: string
  error_desc: string
  message?: string
  request_id?: string
}

const json = { 'content-type': 'application/json' }
const auth = { ...json, authorization: 'Bearer krs-all' }

runOnEveryDoor(
  'request pipeline: routing and transport',
  (t) => {
    it('answers get_version without a token', async () => {
      const r = await t.call('get_version', {}, null)
      expect(r.status).toBe(200)
      expect(r.body).toBe('1.5.0')
      expect(r.headers.get('content-type')).toMatch(/^application\/json/)
    })

    it('routes the production shape /{environmentId}/api/v1/{name}', async () => {
      const res = await t.fetch('/env123/api/v1/get_version', { method: 'POST', headers: json, body: '{}' })
      expect(res.status).toBe(200)
      expect(await res.json()).toBe('1.5.0')
    })

    it('answers 405 with Allow: POST for another method', async () => {
      const res = await t.fetch('/api/v1/get_version', { method: 'GET' })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
      const body = (await res.json()) as ErrorBody
      expect(body).toMatchObject({ error_code: 'KRSKIT_METHOD_NOT_ALLOWED', error_desc: 'Method Not Allowed.' })
    })

    it('answers KR_API_F0012 (404) for an unknown API name', async () => {
      const r = await t.call<ErrorBody>('get_everything', {})
      expect(r.status).toBe(404)
      expect(r.body).toMatchObject({ error_code: 'KR_API_F0012', error_desc: 'Method Is Not Exists.' })
      expect(r.body.message).toContain('get_everything')
    })

    it('answers 415 for a body that is not sent as JSON', async () => {
      const res = await t.fetch('/api/v1/get_version', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      })
      expect(res.status).toBe(415)
      expect(((await res.json()) as ErrorBody).error_code).toBe('KRSKIT_UNSUPPORTED_MEDIA_TYPE')
    })

    it('accepts a charset parameter on the JSON content type', async () => {
      const res = await t.fetch('/api/v1/get_version', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        body: '{}',
      })
      expect(res.status).toBe(200)
    })

    it('answers KR_API_F1004 (400) for a body that is not JSON', async () => {
      const res = await t.fetch('/api/v1/get_environment_name', { method: 'POST', headers: auth, body: '{"a":' })
      expect(res.status).toBe(400)
      expect((await res.json()) as ErrorBody).toMatchObject({
        error_code: 'KR_API_F1004',
        error_desc: errorCatalogue.KR_API_F1004.name,
      })
    })

    it('answers KR_API_F1001 (401) without a token and with an unknown one', async () => {
      const none = await t.call<ErrorBody>('get_environment_name', {}, null)
      expect(none.status).toBe(401)
      expect(none.body).toEqual({
        error_code: 'KR_API_F1001',
        error_desc: 'Authentication Failed.',
        message: 'Bearer token is missing or invalid.',
      })
      const unknown = await t.call<ErrorBody>('get_environment_name', {}, 'no-such-token')
      expect(unknown.status).toBe(401)
      expect(unknown.body.error_code).toBe('KR_API_F1001')
      const basic = await t.fetch('/api/v1/get_environment_name', {
        method: 'POST',
        headers: { ...json, authorization: 'Basic a3JzLWFsbA==' },
        body: '{}',
      })
      expect(basic.status).toBe(401)
    })
  },
  small,
)

runOnEveryDoor(
  'request pipeline: request schema',
  (t) => {
    it('answers KR_API_F0006 naming the missing required key', async () => {
      const r = await t.call<ErrorBody>('get_member_info', { member_table_id: 1 })
      expect(r.status).toBe(400)
      expect(r.body.error_code).toBe('KR_API_F0006')
      expect(r.body.error_desc).toBe('Required Parameter Is Missing.')
      expect(r.body.message).toBe('/member_id is required (required)')
    })

    it('answers KR_API_F0004 naming the key and the rule for a wrong type', async () => {
      const r = await t.call<ErrorBody>('get_member_info', { member_table_id: '1', member_id: 3 })
      expect(r.status).toBe(400)
      expect(r.body.error_code).toBe('KR_API_F0004')
      expect(r.body.message).toBe('/member_table_id must be integer (type)')
    })

    it('answers KR_API_F0004 for a value out of range and for an unknown key', async () => {
      const low = await t.call<ErrorBody>('get_member_info', { member_table_id: 0, member_id: 3 })
      expect(low.body.error_code).toBe('KR_API_F0004')
      expect(low.body.message).toContain('/member_table_id')
      expect(low.body.message).toContain('(minimum)')
      const extra = await t.call<ErrorBody>('get_member_info', { member_table_id: 1, member_id: 3, colour: 'red' })
      expect(extra.body.error_code).toBe('KR_API_F0004')
      expect(extra.body.message).toBe('/colour is not an allowed key (additionalProperties)')
    })

    it('answers KR_API_F0004 when the body is JSON but not an object', async () => {
      const r = await t.call<ErrorBody>('get_member_info', [1, 2])
      expect(r.status).toBe(400)
      expect(r.body.error_code).toBe('KR_API_F0004')
    })
  },
  small,
)

runOnEveryDoor(
  'request pipeline: rights and options',
  (t) => {
    it('answers KR_API_F0014 (403) when the account lacks the right', async () => {
      const r = await t.call<ErrorBody>('get_member_info', { member_table_id: 1, member_id: 1 }, 'krs-work')
      expect(r.status).toBe(403)
      expect(r.body).toMatchObject({ error_code: 'KR_API_F0014', error_desc: 'No Has Required Privilege.' })
      expect(r.body.message).toBe('this operation needs one of: all, reference')
    })

    it('answers KR_API_F0008 (403) when the account lacks the option', async () => {
      const r = await t.call<ErrorBody>('delete_mail_message', { message_id: 1 }, 'krs-nomail')
      expect(r.status).toBe(403)
      expect(r.body).toMatchObject({ error_code: 'KR_API_F0008', error_desc: 'No Has Required Option.' })
      expect(r.body.message).toContain('mail')
    })

    it('lets the member-data-search permission through where the contract lists it', async () => {
      // krs-search has no level right, only member_data_search; the operation lists it.
      const refused = await t.call<ErrorBody>('get_member_info', { member_table_id: 1, member_id: 1 }, 'krs-search')
      expect(refused.body.error_code).toBe('KR_API_F0014')
      const allowed = await t.call<ErrorBody>(
        'get_members_num_by_oneshot_condition',
        { member_table_id: 1, condition_info: { grouping: true, conditions: [] } },
        'krs-search',
      )
      expect(allowed.body.error_code === undefined || allowed.body.error_code !== 'KR_API_F0014').toBe(true)
    })
  },
  small,
)

const failing = {
  get_member_info: (ctx: EngineContext, body: { member_id: number }) => {
    if (body.member_id === 404) throw new KrsError('KR_API_F0005', `member ${body.member_id} does not exist`)
    if (body.member_id === 500) {
      ctx.audit('half-written', {})
      ctx.onUndo?.(() => ctx.tenant.audit.pop())
      throw new TypeError('boom')
    }
    if (body.member_id === 501) return { id: 1, regist_date: 'yesterday', update_date: '2026-01-01 00:00:00' }
    return { id: body.member_id, regist_date: '2026-01-01 00:00:00', update_date: '2026-01-01 00:00:00' }
  },
  get_environment_name: () => {
    throw new KrsError('KRSKIT_INTERNAL_ERROR', 'get_environment_name is not emulated yet')
  },
}
const logged: string[] = []

runOnEveryDoor(
  'request pipeline: handler outcomes',
  (t) => {
    it('maps a thrown KrsError to the catalogue status and body', async () => {
      const r = await t.call<ErrorBody>('get_member_info', { member_table_id: 1, member_id: 404 })
      expect(r.status).toBe(400)
      expect(r.body).toEqual({
        error_code: 'KR_API_F0005',
        error_desc: 'Invalid Object ID.',
        message: 'member 404 does not exist',
      })
    })

    it('answers 500 with request_id for an unexpected exception, logs it and changes nothing', async () => {
      logged.length = 0
      const before = t.engine.defaultTenant.state.audit.length
      const r = await t.call<ErrorBody>('get_member_info', { member_table_id: 1, member_id: 500 })
      expect(r.status).toBe(500)
      expect(r.body.error_code).toBe('KRSKIT_INTERNAL_ERROR')
      expect(r.body.error_desc).toBe('Internal Server Error.')
      expect(r.body.request_id).toMatch(/^req_\d{6}$/)
      expect(t.engine.defaultTenant.state.audit.length).toBe(before)
      expect(logged.some((l) => l.includes(r.body.request_id!) && l.includes('get_member_info'))).toBe(true)
      const journal = await t.admin<{ entries: { id: string; status: number }[] }>('GET', 'journal')
      expect(journal.body.entries.at(-1)).toMatchObject({ id: r.body.request_id, status: 500 })
    })

    it('answers "not emulated yet" (500) for a placeholder, never a fake success', async () => {
      const r = await t.call<ErrorBody>('get_environment_name', {})
      expect(r.status).toBe(500)
      expect(r.body.error_code).toBe('KRSKIT_INTERNAL_ERROR')
      expect(r.body.message).toBe('get_environment_name is not emulated yet')
    })

    it('fails loudly when a response does not match the contract (dev mode)', async () => {
      const silence = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        if (t.door === 'engine') {
          await expect(t.call('get_member_info', { member_table_id: 1, member_id: 501 })).rejects.toThrow(
            /does not match the contract: \/regist_date/,
          )
        } else {
          const res = await t.fetch('/api/v1/get_member_info', {
            method: 'POST',
            headers: auth,
            body: '{"member_table_id":1,"member_id":501}',
          })
          expect(res.status).toBe(500)
          expect(await res.text()).toContain('does not match the contract')
        }
      } finally {
        silence.mockRestore()
      }
    })

    it('passes a valid response through unchanged', async () => {
      const r = await t.call('get_member_info', { member_table_id: 1, member_id: 7 })
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ id: 7, regist_date: '2026-01-01 00:00:00', update_date: '2026-01-01 00:00:00' })
    })
  },
  {
    engine: () => ({
      members: 20,
      validateResponses: true,
      handlers: failing as never,
      logger: { error: (m) => void logged.push(m), warn: (m) => void logged.push(m) },
    }),
  },
)

runOnEveryDoor(
  'request pipeline: body size',
  (t) => {
    it('answers 413 KRSKIT_PAYLOAD_TOO_LARGE above the limit', async () => {
      const big = JSON.stringify({ member_table_id: 1, member_id: 1, pad: 'x'.repeat(2000) })
      const res = await t.fetch('/api/v1/get_member_info', { method: 'POST', headers: auth, body: big })
      expect(res.status).toBe(413)
      expect(((await res.json()) as ErrorBody).error_code).toBe('KRSKIT_PAYLOAD_TOO_LARGE')
    })
  },
  { engine: { members: 20, maxBodyBytes: 1024 } },
)
