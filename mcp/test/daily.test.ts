/**
 * krs-mcp as an assistant's daily tool against krs-mock: tools that appear when the
 * emulator does, answers that page, faults as injected, a reset that asks first, small
 * describe answers and resources.
 */
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockProcess, startMock } from '@krs-kit/cross-tests/support/spawn-mock'
import { operations } from '@krs-kit/contract/operations'
import { callTool, type Connected, connect } from './support.js'

const servers: Connected[] = []
const mocks: MockProcess[] = []

afterAll(async () => {
  for (const s of servers) await s.close()
  for (const m of mocks) await m.stop()
})

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as AddressInfo).port
  await new Promise<void>((r) => s.close(() => r()))
  return port
}

interface Tenant {
  base_url: string
  tokens: Record<string, string>
}

async function newTenant(mock: MockProcess, members?: number): Promise<Tenant> {
  const r = await fetch(`${mock.url}/__mock/tenants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clock: { mode: 'manual' }, ...(members !== undefined ? { members } : {}) }),
  })
  expect(r.status).toBe(201)
  return (await r.json()) as Tenant
}

async function server(t: Tenant, args: string[] = []): Promise<Connected> {
  const c = await connect(args, { KRS_BASE_URL: t.base_url, KRS_API_TOKEN: t.tokens['krs-all'] as string })
  servers.push(c)
  return c
}

describe('tools that follow the target', () => {
  it('offers the emulator tools, with notifications/tools/list_changed, within 5 s of krs-mock starting after it', async () => {
    const port = await freePort()
    const c = await connect([], { KRS_BASE_URL: `http://127.0.0.1:${port}`, KRS_API_TOKEN: 'krs-all' })
    servers.push(c)
    const startLine = c.stderr()
    expect((await c.client.listTools()).tools).toHaveLength(6)
    let changed: () => void = () => undefined
    const notified = new Promise<void>((r) => (changed = r))
    c.client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed())
    const mock = await startMock(['--port', String(port)])
    mocks.push(mock)
    const started = Date.now()
    await Promise.race([
      notified,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no tools/list_changed within 5 s:\n${c.stderr()}`)), 5_000),
      ),
    ])
    expect(Date.now() - started).toBeLessThan(5_000)
    expect((await c.client.listTools()).tools).toHaveLength(12)
    expect(c.client.getServerCapabilities()?.tools?.listChanged).toBe(true)
    expect(startLine).toContain('target unreachable: emulator tools appear when it answers')
  })
})

describe('against the emulator', () => {
  let mock: MockProcess
  beforeAll(async () => {
    mock = await startMock()
    mocks.push(mock)
  })

  it("reads an export of table 1's 1,000 rows whole, page by page", async () => {
    const c = await server(await newTenant(mock), ['--allow-writes'])
    const first = await callTool(c, 'krs_export_members', { member_table_id: 1 })
    expect(first.isError, first.text).toBe(false)
    let page = JSON.parse(first.text) as {
      batch_job_id: number
      row_count: number
      columns: string[]
      rows: string[][]
      next_offset: number | null
      rows_remaining: number
    }
    expect(page.row_count).toBe(1000)
    const rows = [...page.rows]
    for (let i = 0; i < 200 && page.next_offset !== null; i++) {
      expect(page.rows_remaining).toBe(page.row_count - rows.length)
      const r = await callTool(c, 'krs_export_members', { batch_job_id: page.batch_job_id, offset: page.next_offset })
      expect(r.isError, r.text).toBe(false)
      expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(20_000)
      page = JSON.parse(r.text)
      rows.push(...page.rows)
    }
    expect(page.next_offset).toBeNull()
    expect(rows).toHaveLength(1000)
    const ids = rows.map((r) => r[0])
    expect(new Set(ids).size).toBe(1000)
    expect(rows.every((r) => r.length === page.columns.length)).toBe(true)
  })

  it('pages the CSV of get_batch_job_result through krs_call by whole rows', async () => {
    const t = await newTenant(mock)
    const c = await server(t, ['--allow-writes'])
    const job = JSON.parse((await callTool(c, 'krs_export_members', { member_table_id: 1, rows: 1 })).text) as {
      batch_job_id: number
    }
    const body = { batch_job_id: job.batch_job_id }
    const r = await callTool(c, 'krs_call', { operation: 'get_batch_job_result', body })
    expect(r.isError, r.text).toBe(false)
    const note =
      /\[krs-mcp: rows 1–(\d+) of 1000 shown after the header line; (\d+) rows remain: .*rows_offset: (\d+)/.exec(
        r.text,
      )
    expect(note, r.text.slice(-400)).not.toBeNull()
    const next = Number(note?.[3])
    const second = await callTool(c, 'krs_call', { operation: 'get_batch_job_result', body, rows_offset: next })
    expect(second.text).toContain(`rows ${next + 1}–`)
  })

  it('keeps the newest entries when it cuts the journal, and says how many older ones it left out', async () => {
    const c = await server(await newTenant(mock), ['--max-answer-bytes', '4000'])
    for (let i = 0; i < 12; i++) await callTool(c, 'krs_call', { operation: 'get_member_tables', body: {} })
    await callTool(c, 'krs_call', { operation: 'get_version', body: {} })
    const r = await callTool(c, 'emulator_journal', { limit: 500 })
    const [json, note] = r.text.split('\n\n')
    const entries = (JSON.parse(json as string) as { entries: { operation: string }[] }).entries
    expect(entries.at(-1)?.operation).toBe('get_version')
    expect(note).toMatch(/holds the newest \d+ of \d+ items; \d+ older left out/)
  })

  it('does not retry a call to the emulator: an injected fault with count 1 fails the next call', async () => {
    const c = await server(await newTenant(mock))
    const f = await callTool(c, 'emulator_inject_fault', {
      operation: 'get_member_tables',
      error_code: 'KRSKIT_HIGH_LOAD',
      count: 1,
    })
    expect(f.isError, f.text).toBe(false)
    const r = await callTool(c, 'krs_call', { operation: 'get_member_tables', body: {} })
    expect(r.isError, r.text).toBe(true)
    expect(r.text).toContain('KRSKIT_HIGH_LOAD')
    expect((await callTool(c, 'krs_call', { operation: 'get_member_tables', body: {} })).isError).toBe(false)
  })

  it('runs emulator_reset on a read-only server only with confirm: true', async () => {
    const t = await newTenant(mock, 7)
    const c = await server(t)
    const count = async () =>
      Number(
        (
          await callTool(c, 'krs_call', {
            operation: 'get_members_num_by_condition',
            body: { member_table_id: 1, condition_id: 1 },
          })
        ).text,
      )
    expect(await count()).toBe(7)
    const refused = await callTool(c, 'emulator_reset', { members: 2 })
    expect(refused.isError).toBe(true)
    expect(refused.text).toContain('confirm: true')
    expect(await count()).toBe(7)
    const done = await callTool(c, 'emulator_reset', { members: 2, confirm: true })
    expect(done.isError, done.text).toBe(false)
    expect(await count()).toBe(2)
  })

  it('leaves the documented token name krs-all alone when it is the token', async () => {
    const c = await connect([], { KRS_BASE_URL: mock.url, KRS_API_TOKEN: 'krs-all' })
    servers.push(c)
    const guide = await c.client.readResource({ uri: 'krs://guides/php-sdk' })
    const text = (guide.contents[0] as { text: string }).text
    expect(text).toContain('krs-all')
    expect(text).not.toContain("['***']")
    const r = await callTool(c, 'krs_list_operations', { words: 'version' })
    expect(r.isError).toBe(false)
  })
})

describe('small answers', () => {
  let c: Connected
  beforeAll(async () => {
    c = await connect(['--max-answer-bytes', '8000'], { KRS_BASE_URL: 'http://127.0.0.1:9' })
    servers.push(c)
  })

  it('never drops an error code from krs_describe_operation, and names the call that brings a left-out part', async () => {
    for (const op of Object.values(operations)) {
      const r = await callTool(c, 'krs_describe_operation', { operation: op.name })
      for (const code of op.errors) expect(r.text, `${op.name} lost ${code}`).toContain(code)
      expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(8000 + 400)
      if (r.text.includes('[krs-mcp:')) expect(r.text).toMatch(/parts: \["(request|result|errors)"\]/)
    }
  })

  it('explains an error code in one short answer, and finds the operations that answer it', async () => {
    const r = await callTool(c, 'krs_describe_operation', { error_code: 'F0117' })
    expect(r.isError, r.text).toBe(false)
    const e = JSON.parse(r.text) as {
      code: string
      name: string
      status: number
      meaning: string
      answered_by: string[]
    }
    expect(e).toMatchObject({ code: 'KR_API_F0117', name: 'Member Already Exists.', status: 400 })
    expect(e.meaning).toMatch(/重複/)
    expect(e.answered_by).toContain('add_member')
    expect(Buffer.byteLength(r.text)).toBeLessThan(1000)
    const list = await callTool(c, 'krs_list_operations', { words: 'F0117' })
    expect(list.text).toContain('"add_member"')
  })

  it('cuts a long resource into pages, each note naming the next page', async () => {
    const pages: string[] = []
    let uri: string | undefined = 'krs://guides/cli-reference'
    while (uri !== undefined && pages.length < 100) {
      const r = await c.client.readResource({ uri })
      const text = (r.contents[0] as { text: string }).text
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8000)
      pages.push(text)
      uri = /read (krs:\/\/guides\/cli-reference\?page=\d+) for the next/.exec(text)?.[1]
    }
    expect(pages.length).toBeGreaterThan(5)
    expect(pages.at(-1)).toContain('this is the last page')
  })
})
