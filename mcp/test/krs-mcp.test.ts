import { readdirSync } from 'node:fs'
/**
 * krs-mcp as an assistant meets it: the MCP SDK's own client over stdio against a `krs-mcp`
 * process pointed at a `krs-mock` process (one fresh tenant per server, so its random token
 * can be looked for in every output).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockProcess, startMock } from '@krs-kit/cross-tests/support/spawn-mock'
import { validExample } from '@krs-kit/cross-tests/support/request-examples'
import { errorCatalogue } from '@krs-kit/contract/errors'
import { callTool, type Connected, connect } from './support.js'

let mock: MockProcess
const servers: Connected[] = []
/** Every text krs-mcp gave back (results, errors, stderr), checked for the token at the end. */
const seen: string[] = []
/** The token values of the tenants the tests made. */
const tokens: string[] = []

interface Tenant {
  base_url: string
  tokens: Record<string, string>
}

async function newTenant(): Promise<Tenant> {
  const r = await fetch(`${mock.url}/__mock/tenants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clock: { mode: 'manual' } }),
  })
  expect(r.status).toBe(201)
  const t = (await r.json()) as Tenant
  tokens.push(...Object.values(t.tokens))
  return t
}

async function journal(t: Tenant, operation: string): Promise<{ status: number; error_code: string | null }[]> {
  const r = await fetch(`${mock.url}/__mock/journal?operation=${operation}`, {
    headers: { authorization: `Bearer ${t.tokens['krs-all']}` },
  })
  return ((await r.json()) as { entries: { status: number; error_code: string | null }[] }).entries
}

async function server(t: Tenant, args: string[] = []): Promise<Connected> {
  const c = await connect(args, { KRS_BASE_URL: t.base_url, KRS_API_TOKEN: t.tokens['krs-all'] as string })
  servers.push(c)
  return c
}

async function tool(c: Connected, name: string, args: Record<string, unknown>) {
  const r = await callTool(c, name, args)
  seen.push(r.text)
  return r
}

const member = (email: string) => ({
  member_table_id: 1,
  member_info: { e_4: email, e_5: 'abcd1234', e_6: 'MCP 花子' },
})

beforeAll(async () => {
  mock = await startMock()
})

afterAll(async () => {
  for (const s of servers) {
    seen.push(s.stderr())
    await s.close()
  }
  await mock?.stop()
})

describe('read-only (no --allow-writes)', () => {
  let tenant: Tenant
  let c: Connected
  beforeAll(async () => {
    tenant = await newTenant()
    c = await server(tenant)
  })

  it('lists at most 15 tools, the emulator tools among them, krs_call marked read-only', async () => {
    const { tools } = await c.client.listTools()
    const names = tools.map((t) => t.name)
    expect(names.length).toBeLessThanOrEqual(15)
    expect(names).toEqual([
      'krs_list_operations',
      'krs_describe_operation',
      'krs_call',
      'krs_find_members',
      'krs_delivery_report',
      'krs_export_members',
      'emulator_advance_clock',
      'emulator_outbox',
      'emulator_inject_fault',
      'emulator_journal',
      'emulator_reset',
      'emulator_create_tenant',
    ])
    const call = tools.find((t) => t.name === 'krs_call')
    expect(call?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false })
    expect(tools.find((t) => t.name === 'emulator_reset')?.annotations?.destructiveHint).toBe(true)
  })

  it('calls get_member_tables through krs_call and answers its JSON, Japanese unescaped', async () => {
    const r = await tool(c, 'krs_call', { operation: 'get_member_tables', body: {} })
    expect(r.isError).toBe(false)
    const tables = JSON.parse(r.text) as { id: number; name: string }[]
    expect(tables.length).toBeGreaterThan(0)
    expect(tables[0]?.id).toBe(1)
    expect(r.text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
    expect(r.text).not.toContain('\\u')
  })

  it('refuses add_member without --allow-writes and sends nothing', async () => {
    const r = await tool(c, 'krs_call', { operation: 'add_member', body: member('refused@example.com') })
    expect(r.isError).toBe(true)
    expect(r.text).toContain('--allow-writes')
    expect(r.text).toContain('nothing was sent')
    expect(await journal(tenant, 'add_member')).toEqual([])
  })

  it('refuses a body the contract does not accept, naming the problem, without sending it', async () => {
    const r = await tool(c, 'krs_call', { operation: 'get_member_info', body: { member_table_id: 1, member: 1 } })
    expect(r.isError).toBe(true)
    expect(r.text).toContain("does not match get_member_info's request schema")
    expect(r.text).toMatch(/member_id|additional/)
    expect(await journal(tenant, 'get_member_info')).toEqual([])
  })

  it('answers a refusal of the service with its code, English name, Japanese meaning and request id', async () => {
    const r = await tool(c, 'krs_call', {
      operation: 'get_member_info',
      body: { member_table_id: 1, member_id: 999999 },
    })
    expect(r.isError).toBe(true)
    const [entry] = await journal(tenant, 'get_member_info')
    expect(entry?.error_code).toMatch(/^KR_API_F\d{4}$/)
    expect(r.text).toContain(entry?.error_code as string)
    expect(r.text).toMatch(/meaning: .*[\u3040-\u30ff\u4e00-\u9fff]/)
    expect(r.text).toMatch(/request id: \S+/)
  })

  it('lists and describes operations from the contract', async () => {
    const list = await tool(c, 'krs_list_operations', { area: 'member-info', words: '会員' })
    const rows = JSON.parse(list.text.split('\n')[0] as string) as { name: string; access: string }[]
    expect(rows.find((o) => o.name === 'add_member')?.access).toBe('write')
    expect(rows.find((o) => o.name === 'get_member_info')?.access).toBe('read')
    const d = JSON.parse((await tool(c, 'krs_describe_operation', { operation: 'add_member' })).text) as {
      rights: string[]
      request_schema: { required: string[] }
      errors: { code: string; description: string }[]
    }
    expect(d.rights).toEqual(['all'])
    expect(d.request_schema.required).toContain('member_info')
    expect(d.errors.find((e) => e.code === 'KR_API_F0117')?.description).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
    // The condition schema (57 KB dereferenced) fits whole, its repeated entry named once.
    const condition = await tool(c, 'krs_describe_operation', {
      operation: 'get_members_num_by_oneshot_condition',
      parts: ['request'],
    })
    const schema = (JSON.parse(condition.text) as { request_schema: { $defs: Record<string, unknown> } }).request_schema
    expect(Object.keys(schema.$defs)).toContain('ConditionEntry')
    const unknown = await tool(c, 'krs_describe_operation', { operation: 'get_member' })
    expect(unknown.isError).toBe(true)
    expect(unknown.text).toContain('get_member_info')
  })

  it('finds members by a one-shot condition: the count and the first page', async () => {
    const r = await tool(c, 'krs_find_members', {
      member_table_id: 1,
      condition_info: { grouping: true, conditions: { id: [1, {}] } },
    })
    expect(r.isError).toBe(false)
    const found = JSON.parse(r.text.split('\n\n')[0] as string) as {
      count: number
      shown: number
      members: { id: number }[]
    }
    expect(found.count).toBeGreaterThan(0)
    expect(found.shown).toBe(Math.min(found.count, 50))
    expect(found.members.length).toBeGreaterThan(0)
    expect(found.members.length).toBeLessThanOrEqual(found.shown)
    if (found.members.length < found.shown) expect(r.text).toContain('`members` holds the first')
    expect(found.members[0]?.id).toBeGreaterThan(0)
  })

  it('refuses krs_export_members (export_members writes) without --allow-writes', async () => {
    const r = await tool(c, 'krs_export_members', { member_table_id: 1 })
    expect(r.isError).toBe(true)
    expect(r.text).toContain('--allow-writes')
    expect(await journal(tenant, 'export_members')).toEqual([])
  })

  it('offers the error catalogue, each operation and the guides as resources', async () => {
    const { resources } = await c.client.listResources()
    const uris = resources.map((r) => r.uri)
    expect(uris).toContain('krs://errors')
    expect(uris).toContain('krs://operations/add_member')
    expect(uris.filter((u) => u.startsWith('krs://operations/'))).toHaveLength(
      readdirSync(new URL('../../spec/paths/', import.meta.url)).length,
    )
    expect(uris).toContain('krs://guides/tutorials/mail-delivery')
    const errors = await c.client.readResource({ uri: 'krs://errors' })
    expect((errors.contents[0] as { text: string }).text).toContain('| KR_API_F0117 | Member Already Exists. |')
    const guide = await c.client.readResource({ uri: 'krs://guides/tutorials/mail-delivery' })
    const text = (guide.contents[0] as { text: string }).text
    expect(text).toMatch(/配信/)
    expect(text).not.toMatch(/^import /m)
  })
})

describe('with --allow-writes against the emulator', () => {
  let tenant: Tenant
  let c: Connected
  beforeAll(async () => {
    tenant = await newTenant()
    c = await server(tenant, ['--allow-writes'])
  })

  it('marks krs_call as writing', async () => {
    const { tools } = await c.client.listTools()
    expect(tools.find((t) => t.name === 'krs_call')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    })
  })

  it('sends add_member (seen in the journal) and answers a duplicate with KR_API_F0117 and its meaning', async () => {
    const ok = await tool(c, 'krs_call', { operation: 'add_member', body: member('mcp-dup@example.com') })
    expect(ok.isError).toBe(false)
    expect(Number(ok.text)).toBeGreaterThan(0)
    const written = await journal(tenant, 'add_member')
    expect(written.map((e) => e.status)).toEqual([200])
    const dup = await tool(c, 'krs_call', { operation: 'add_member', body: member('mcp-dup@example.com') })
    expect(dup.isError).toBe(true)
    expect(dup.text).toContain('KR_API_F0117 Member Already Exists.')
    expect(dup.text).toContain(`meaning: ${errorCatalogue.KR_API_F0117.description}`)
    expect(dup.text).toMatch(/request id: \S+/)
    expect((await journal(tenant, 'add_member')).map((e) => e.error_code)).toEqual([null, 'KR_API_F0117'])
  })

  it('drives a delivery to phase 3 with the emulator clock, then reports on it and shows its mails', async () => {
    const message = await tool(c, 'krs_call', {
      operation: 'add_mail_message',
      body: { ...(validExample('add_mail_message') as object), member_table_id: 1 },
    })
    expect(message.isError, message.text).toBe(false)
    const clock = JSON.parse((await tool(c, 'emulator_advance_clock', { seconds: 0 })).text) as { now: number }
    const example = validExample('add_delivery_schedule') as { delivery_info: object }
    const scheduled = await tool(c, 'krs_call', {
      operation: 'add_delivery_schedule',
      body: {
        ...example,
        mail_message_id: Number(message.text),
        delivery_info: { ...example.delivery_info, condition_id: 1, delivery_date: clock.now + 600 },
      },
    })
    expect(scheduled.isError, scheduled.text).toBe(false)
    const delivery_id = Number(scheduled.text)
    const before = JSON.parse((await tool(c, 'krs_delivery_report', { delivery_id })).text) as { phase: number }
    expect(before.phase).toBe(0)
    const moved = await tool(c, 'emulator_advance_clock', { seconds: 7200 })
    expect(moved.isError, moved.text).toBe(false)
    const report = JSON.parse((await tool(c, 'krs_delivery_report', { delivery_id })).text) as {
      phase: number
      counts: Record<string, number>
      errors: { total: number }
      click_counts: unknown[]
    }
    expect(report.phase).toBe(3)
    const n = report.counts as Record<string, number>
    expect(n.real).toBe(
      (n.all as number) -
        ((n.stopped as number) +
          (n.no_address as number) +
          (n.blacklist as number) +
          (n.unsubscribed_address as number)),
    )
    expect(n.valid).toBe((n.real as number) - (n.error as number))
    expect(n.real).toBeGreaterThan(0)
    const outbox = JSON.parse((await tool(c, 'emulator_outbox', { delivery_id, limit: 2 })).text) as {
      phase: number
      total: number
      mails: unknown[]
    }
    expect(outbox.phase).toBe(3)
    expect(outbox.total).toBe(n.real)
    expect(outbox.mails).toHaveLength(Math.min(2, n.real as number))
  })

  it('exports members: starts the job, advances the manual clock, answers the row count and first rows', async () => {
    const r = await tool(c, 'krs_export_members', { member_table_id: 1, rows: 3 })
    expect(r.isError, r.text).toBe(false)
    const out = JSON.parse(r.text) as { row_count: number; rows: string[][]; columns: string[] }
    const count = Number(
      (
        await tool(c, 'krs_call', {
          operation: 'get_members_num_by_condition',
          body: { member_table_id: 1, condition_id: 1 },
        })
      ).text,
    )
    expect(out.row_count).toBe(count)
    expect(out.rows).toHaveLength(3)
    expect(out.rows[0]).toHaveLength(out.columns.length)
  })

  it('injects a fault, and the next call is refused with that code', async () => {
    // A code the SDK does not retry, so the one injected failure is what krs_call answers.
    const f = await tool(c, 'emulator_inject_fault', {
      operation: 'get_member_tables',
      error_code: 'KR_API_F0003',
      count: 1,
    })
    expect(f.isError, f.text).toBe(false)
    const r = await tool(c, 'krs_call', { operation: 'get_member_tables', body: {} })
    expect(r.isError).toBe(true)
    expect(r.text).toContain('KR_API_F0003 Operation Not Permitted.')
    const entries = JSON.parse(
      (await tool(c, 'emulator_journal', { operation: 'get_member_tables', limit: 5 })).text,
    ) as {
      entries: { error_code: string | null }[]
    }
    expect(entries.entries.map((e) => e.error_code)).toContain('KR_API_F0003')
  })

  it('cuts a long answer to the limit with a note on paging', async () => {
    const small = await server(tenant, ['--max-answer-bytes', '2000'])
    const r = await tool(small, 'krs_call', {
      operation: 'get_member_infos_by_condition',
      body: { member_table_id: 1, condition_id: 1, offset: 0, sort_key: 0, order: true },
    })
    expect(r.isError).toBe(false)
    const [json, note] = r.text.split('\n\n')
    expect(Buffer.byteLength(json as string)).toBeLessThanOrEqual(2000)
    expect((JSON.parse(json as string) as unknown[]).length).toBeGreaterThan(0)
    expect(note).toMatch(/answer cut to the first \d+ of 50 items/)
    expect(note).toContain('steps of 50')
  })

  it('creates a tenant and switches to it, without showing its tokens', async () => {
    const before = await tool(c, 'krs_call', {
      operation: 'get_members_num_by_condition',
      body: { member_table_id: 1, condition_id: 1 },
    })
    const created = await tool(c, 'emulator_create_tenant', { members: 5 })
    expect(created.isError, created.text).toBe(false)
    const info = JSON.parse(created.text) as { tenant_id: string; token_names: string[] }
    expect(info.token_names).toContain('krs-all')
    expect(created.text).not.toMatch(/"tokens"/)
    const after = await tool(c, 'krs_call', {
      operation: 'get_members_num_by_condition',
      body: { member_table_id: 1, condition_id: 1 },
    })
    expect(Number(after.text)).toBe(5)
    expect(Number(before.text)).not.toBe(5)
  })

  it('resets the tenant it uses from its scenario with another member count', async () => {
    const reset = await tool(c, 'emulator_reset', { members: 3 })
    expect(reset.isError, reset.text).toBe(false)
    const count = await tool(c, 'krs_call', {
      operation: 'get_members_num_by_condition',
      body: { member_table_id: 1, condition_id: 1 },
    })
    expect(Number(count.text)).toBe(3)
  })
})

describe('never the token', () => {
  it('appears in no tool result, error or log line of the servers above', () => {
    // Runs last in this file: `seen` holds every answer of the tests above.
    expect(seen.length).toBeGreaterThan(10)
    for (const s of servers) seen.push(s.stderr())
    const all = seen.join('\n')
    expect(tokens.length).toBeGreaterThan(0)
    for (const t of tokens) expect(all).not.toContain(t)
    // The tenant made through emulator_create_tenant has tokens this test never saw: none
    // of the shape of a tenant's token (`<name>.<tenant id>.<random hex>`) may appear.
    expect(tokens[0]).toMatch(/^krs-all\.t_[0-9a-f]+\.[0-9a-f]{16}$/)
    expect(all).not.toMatch(/\.t_[0-9a-f]+\.[0-9a-f]{16}/)
  })
})
