import { describe, expect, it } from 'vitest'
import { createEngine, defaultScenario, type Engine } from '../../src/index.js'

// The engine under hostile or extreme input, in process: snapshots validated before anything
// changes, the clock's bounds, the journal, header and CSV injection, invalid UTF-8, and write
// detection. What only HTTP can show is in node/.

const START = 1_767_225_600 // 2026-01-01T00:00:00Z
const newEngine = (members = 20): Engine => createEngine({ members, clock: { mode: 'manual', now: START } })

async function call(
  engine: Engine,
  op: string,
  body: unknown,
  token: string | null = 'krs-all',
): Promise<{ status: number; body: any; text: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await engine.handle(
    new Request(`http://krs.test/api/v1/${op}`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
    }),
  )
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // text answers (exports)
  }
  return { status: res.status, body: parsed, text }
}

async function admin(
  engine: Engine,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json' } }
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
  const res = await engine.handle(new Request(`http://krs.test/__mock/${route}`, init))
  return { status: res.status, body: await res.json() }
}

describe('snapshots are validated before anything changes', () => {
  const cases: [string, (s: any) => void, RegExp][] = [
    ['a member column of the wrong type', (s) => (s.state.memberDb.tables[0].members.last_host = 5), /last_host/],
    ['elements: null', (s) => (s.state.memberDb.tables[0].elements = null), /elements/],
    ['two million rows', (s) => (s.state.memberDb.tables[0].members.rows = 2_000_000), /rows/],
    ['no tokens', (s) => (s.state.tokens = []), /tokens/],
    ['a clock past 9999', (s) => (s.clock.now = 253_402_300_800), /clock/],
  ]
  for (const [what, spoil, named] of cases) {
    it(`refuses ${what} with 400 invalid_snapshot naming it, and changes nothing`, async () => {
      const engine = newEngine()
      const snap = (await admin(engine, 'GET', 'snapshot')).body
      const before = JSON.stringify(engine.exportTenant(engine.defaultTenant).state)
      spoil(snap)
      const r = await admin(engine, 'PUT', 'snapshot', snap)
      expect(r.status).toBe(400)
      expect(r.body.error).toBe('invalid_snapshot')
      expect(r.body.message).toMatch(named)
      expect(JSON.stringify(engine.exportTenant(engine.defaultTenant).state)).toBe(before)
      expect((await call(engine, 'get_member_info', { member_table_id: 1, member_id: 1 })).status).toBe(200)
    })
  }

  it('refuses a 5,000-deep array without overflowing the stack', async () => {
    const engine = newEngine()
    const snap = (await admin(engine, 'GET', 'snapshot')).body
    const text = JSON.stringify(snap).replace('"extra":{', `"deep":${'['.repeat(5000)}${']'.repeat(5000)},"extra":{`)
    const r = await admin(engine, 'PUT', 'snapshot', text)
    expect(r.status).toBe(400)
    expect(r.body.error).toBe('invalid_snapshot')
    expect(r.body.message).toMatch(/deep|depth/)
  })

  it('one tenant whose export fails does not stop the others from being saved', async () => {
    const engine = newEngine()
    const other = engine.createTenant()
    await call(engine, 'add_member', {
      member_table_id: 1,
      member_info: { e_4: 'kept@example.com', e_5: 'abcd1234', e_6: '保存 太郎' },
    })
    // corrupt the other tenant in memory (what an unvalidated import used to do)
    ;(other.state.memberDb.tables.get(1)!.members as { toJSON: () => unknown }).toJSON = () => {
      throw new TypeError('broken column')
    }
    const errors: string[] = []
    const saved = engine.exportState({ onTenantError: (t, e) => errors.push(`${t.id}: ${String(e)}`) })
    expect(saved.tenants.map((t) => t.tenant_id)).toContain('default')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(other.id)
    expect(JSON.stringify(saved)).toContain('kept@example.com')
  })
})

describe('the clock has bounds and long advances yield', () => {
  it('refuses set outside 2000-01-01..9999-12-31 JST and advances over ten years', async () => {
    const engine = newEngine()
    expect((await admin(engine, 'POST', 'clock', { set: 253_402_300_800 })).status).toBe(400) // 10000-01-01Z
    expect((await admin(engine, 'POST', 'clock', { set: 946_652_399 })).status).toBe(400) // 1999-12-31T23:59:59 JST
    expect((await admin(engine, 'POST', 'clock', { advance_seconds: 101 * 365 * 86400 })).status).toBe(400)
    expect((await admin(engine, 'POST', 'clock', { advance_seconds: 10 * 366 * 86400 })).status).toBe(400)
    expect(engine.defaultTenant.clock.now()).toBe(START)
    expect((await admin(engine, 'POST', 'clock', { set: 946_652_400 })).status).toBe(200) // 2000-01-01T00:00 JST
    expect((await call(engine, 'get_member_info', { member_table_id: 1, member_id: 1 })).status).toBe(200)
  })

  it('serves other requests while a ten-year advance with a weekly agent program runs', async () => {
    const engine = newEngine(200)
    const textMail = { type: 1, from: 'info@example.com', subject: '週刊', text_part: '本文\n' }
    const msg = (await call(engine, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail }))
      .body
    const pid = await call(engine, 'add_agent_program', {
      mail_message_id: msg,
      program_info: {
        title: 'w',
        condition_id: 1,
        element_id: 4,
        enable: true,
        delivery_time_info: { type: 2, hour: 13, min: 0, day_of_week: 4 },
      },
    })
    expect(pid.status).toBe(200)
    // get_version's validator module is loaded by its first call (an import, which a busy
    // machine can make slower than the whole advance): loaded here, so that what is measured
    // below is the advance yielding, not that load.
    expect((await call(engine, 'get_version', {}, null)).status).toBe(200)
    let advanced = false
    const advance = admin(engine, 'POST', 'clock', { advance_seconds: 10 * 365 * 86400 }).then((r) => {
      advanced = true
      return r
    })
    await new Promise((r) => setTimeout(r, 5))
    const v = await call(engine, 'get_version', {}, null)
    expect(v.status).toBe(200)
    expect(advanced, 'get_version answered while the advance was still running').toBe(false)
    const r = await advance
    expect(r.status).toBe(200)
    expect(r.body.now).toBe(START + 10 * 365 * 86400)
  }, 60_000)
})

describe('the journal always answers', () => {
  it('answers after an unauthenticated request of 5,000 nested arrays', async () => {
    const engine = newEngine()
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    await call(engine, 'get_member_info', deep, null)
    await call(engine, 'get_member_info', `{"a":${deep}}`, null)
    const r = await admin(engine, 'GET', 'journal')
    expect(r.status).toBe(200)
    expect(r.body.entries.length).toBeGreaterThanOrEqual(2)
    expect(JSON.stringify(r.body).length).toBeLessThan(200_000)
  })
})

describe('mail headers and formula-leading CSV values', () => {
  const base = { type: 1, from: 'info@example.com', from_desc: '事務局', subject: 'お知らせ', text_part: '本文\n' }
  for (const field of ['subject', 'from_desc', 'reply_desc', 'from', 'reply'] as const) {
    for (const bad of ['\r\n', '\n', '\u0000']) {
      it(`refuses ${JSON.stringify(bad)} in ${field} with KR_API_F0004 naming it`, async () => {
        const engine = newEngine()
        const value =
          field === 'from' || field === 'reply'
            ? `a@example.com${bad}Bcc: x@example.com`
            : `件名${bad}Bcc: x@example.com`
        const r = await call(engine, 'add_mail_message', { member_table_id: 1, mail_info: { ...base, [field]: value } })
        expect(r.status).toBe(400)
        expect(r.body.error_code).toBe('KR_API_F0004')
        expect(JSON.stringify(r.body)).toContain(field)
        expect(engine.defaultTenant.state.mailDelivery!.messages.size).toBe(0)
      })
    }
  }

  it('folds a multi-line member value substituted into the subject to one line', async () => {
    const engine = newEngine()
    const t = engine.defaultTenant
    const added = await call(engine, 'add_member', {
      member_table_id: 1,
      member_info: { e_4: 'fold@example.com', e_5: 'abcd1234', e_6: '山田' },
    })
    expect(added.status).toBe(200)
    // a text element whose value has a line break (multi-line text is allowed in some elements)
    const table = t.state.memberDb.tables.get(1)!
    const textArea = table.elements.find((e) => e.type === 'textarea')
    if (!textArea) throw new Error('the default scenario has a textarea element in table 1')
    const elementId = textArea.id
    const memberId = added.body as number
    const upd = await call(engine, 'update_member', {
      member_table_id: 1,
      member_id: memberId,
      member_info: { [`e_${elementId}`]: '一行目\r\nBcc: evil@example.com' },
    })
    const msg = await call(engine, 'add_mail_message', {
      member_table_id: 1,
      mail_info: { ...base, subject: `{{e_${elementId}}}様` },
    })
    expect(msg.status).toBe(200)
    const id = (
      await call(engine, 'add_delivery_schedule', {
        mail_message_id: msg.body,
        delivery_info: { title: 't', condition_id: 1, element_id: 4, delivery_date: START + 60, blacklist: false },
      })
    ).body
    await admin(engine, 'POST', 'clock', { advance_seconds: 3600 })
    const out = await engine.handle(new Request(`http://krs.test/__mock/outbox?delivery_id=${id}&limit=1000`))
    const mails = ((await out.json()) as { mails: { member_id: number; headers: Record<string, string> }[] }).mails
    const mine = mails.find((m) => m.member_id === memberId)
    expect(upd.status, JSON.stringify(upd.body)).toBe(200)
    expect(mine, 'the member got a mail').toBeDefined()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters that must not reach a header
    for (const v of Object.values(mine!.headers)) expect(v).not.toMatch(/[\r\n\u0000]/)
    expect(mine!.headers.Subject).toContain('一行目')
  })
})

describe('invalid UTF-8 in a body', () => {
  it('answers KR_API_F1004 and changes nothing', async () => {
    const engine = newEngine()
    const before = engine.changes
    const state = JSON.stringify(engine.exportTenant(engine.defaultTenant).state)
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"member_table_id":1,"member_info":{"e_4":"u@example.com","e_5":"abcd1234","e_6":"'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}}'),
    ])
    const r = await call(engine, 'add_member', bytes)
    expect(r.status).toBe(400)
    expect(r.body.error_code).toBe('KR_API_F1004')
    expect(engine.changes).toBe(before)
    expect(JSON.stringify(engine.exportTenant(engine.defaultTenant).state)).toBe(state)
  })
})

describe('writes are detected by what a call changed', () => {
  it('get_oneclick_login_url (stores a token) counts as a change', async () => {
    const engine = newEngine()
    const before = engine.changes
    const r = await call(engine, 'get_oneclick_login_url', { member_form_id: 22, member_id: 3, limit: 1 })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(engine.changes).toBeGreaterThan(before)
  })

  it('get_batch_job_result (writes an audit entry) counts as a change; a plain read does not', async () => {
    const engine = newEngine()
    const id = (await call(engine, 'export_members', { member_table_id: 1, condition_id: 1, columnset_id: 1 }))
      .body as number
    await admin(engine, 'POST', 'clock', { advance_seconds: 600 })
    const before = engine.changes
    await call(engine, 'get_member_info', { member_table_id: 1, member_id: 1 })
    expect(engine.changes).toBe(before)
    const audits = engine.defaultTenant.state.audit.length
    const r = await call(engine, 'get_batch_job_result', { batch_job_id: id })
    expect(r.status, r.text).toBe(200)
    expect(engine.defaultTenant.state.audit.length).toBeGreaterThan(audits)
    expect(engine.changes).toBeGreaterThan(before)
  })
})

describe('formula-leading values in CSV/TSV exports', () => {
  const exportWith = async (escapeFormulas: boolean | undefined, isCsv: boolean): Promise<string> => {
    const scenario = defaultScenario() as Record<string, any>
    if (escapeFormulas !== undefined)
      scenario.extensions = {
        ...(scenario.extensions ?? {}),
        services: { ...(scenario.extensions?.services ?? {}), batch: { escape_formulas: escapeFormulas } },
      }
    const engine = createEngine({ members: 5, scenario, clock: { mode: 'manual', now: START } })
    for (const [i, name] of ['=HYPERLINK("http://x.example","a")', '+1+2', '-3', '@SUM(A1)', '\tタブ'].entries()) {
      const r = await call(engine, 'add_member', {
        member_table_id: 1,
        member_info: { e_4: `f${i}@example.com`, e_5: 'abcd1234', e_6: name },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
    }
    const id = (
      await call(engine, 'export_members', { member_table_id: 1, condition_id: 1, columnset_id: 1, is_csv: isCsv })
    ).body as number
    await admin(engine, 'POST', 'clock', { advance_seconds: 600 })
    const r = await call(engine, 'get_batch_job_result', { batch_job_id: id })
    expect(r.status, r.text).toBe(200)
    return r.text
  }

  it('escapes =, +, -, @ and tab-leading values with a quote when the tenant asks for it', async () => {
    const csv = await exportWith(true, true)
    expect(csv).toContain(`'=HYPERLINK`)
    expect(csv).toContain(`'+1+2`)
    expect(csv).toContain(`'@SUM(A1)`)
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m)
    const tsv = await exportWith(true, false)
    expect(tsv).toContain(`'@SUM(A1)`)
  })

  it('writes values as they are by default (the real service does)', async () => {
    const csv = await exportWith(undefined, true)
    expect(csv).toMatch(/(^|,)"?=HYPERLINK/m)
  })
})
