import { describe, expect, it } from 'vitest'
import { engineFetch, env } from './support/engine-fetch.js'
import { runKrs } from './support/memory-io.js'

/**
 * Golden tests: each command against the emulator in process (the SDK's fetch is the
 * engine's handle()). The request is asserted exactly; stdout/stderr/exit code are kept
 * as file snapshots under test/__golden__/ (review their diff when they change).
 */
async function golden(name: string, argv: string[], opts: { stdin?: string; token?: string } = {}) {
  const server = engineFetch()
  const result = await runKrs(argv, {
    fetch: server.fetch,
    env: { ...env, ...(opts.token ? { KRS_API_TOKEN: opts.token } : {}) },
    ...(opts.stdin !== undefined ? { stdin: opts.stdin } : {}),
  })
  const text = [
    `$ krs ${argv.map((a) => (/[\s'"*?[\]{}$`]/.test(a) ? `'${a}'` : a)).join(' ')}`,
    `exit ${result.code}`,
    '--- requests',
    ...server.requests.map((r) => `${r.method} ${r.url} ${r.authorization} ${JSON.stringify(r.body)}`),
    '--- stdout',
    result.stdout,
    '--- stderr',
    // The SDK's request ids are random per client: the golden file shows where one is printed.
    result.stderr.replace(/sdk-[a-z0-9]+-[a-z0-9]+/g, '<request id>'),
  ].join('\n')
  await expect(text).toMatchFileSnapshot(`__golden__/${name}.txt`)
  return { ...result, requests: server.requests }
}

const auth = 'Bearer krs-all'

describe('golden: requests and output against the emulator', () => {
  it('get-member-tables: {} body, compact JSON when piped', async () => {
    const r = await golden('get-member-tables', ['get-member-tables'])
    expect(r.requests).toEqual([
      {
        method: 'POST',
        url: 'http://127.0.0.1:4010/api/v1/get_member_tables',
        authorization: auth,
        contentType: 'application/json',
        body: {},
      },
    ])
    expect(r.code).toBe(0)
    expect(r.stdout.trim().split('\n')).toHaveLength(1)
    expect(JSON.parse(r.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 1, title: '会員データベース' })]),
    )
  })

  it('the API name and the kebab alias send the same request', async () => {
    const a = await golden('get_member_tables-table', ['get_member_tables', '--output', 'table'])
    expect(a.requests[0]?.url).toBe('http://127.0.0.1:4010/api/v1/get_member_tables')
    expect(a.stdout.split('\n')[0]).toMatch(/^id\s+title\s+nums$/)
  })

  it('integer flag, --query and --output csv', async () => {
    const r = await golden('elements-query-csv', [
      'get-member-table-elements',
      '--member-table-id',
      '1',
      '--query',
      '[?id <= `4`].{id: id, name: name}',
      '-o',
      'csv',
    ])
    expect(r.requests.map((q) => q.body)).toEqual([{ member_table_id: 1 }])
    expect(r.stdout.split('\n')[0]).toBe('id,name')
    expect(r.stdout.trim().split('\n')).toHaveLength(5)
  })

  it('get-member-info as YAML', async () => {
    // A few stable fields: the generated member data belongs to the emulator's own tests.
    const r = await golden('get-member-info-yaml', [
      'get-member-info',
      '--member-table-id',
      '1',
      '--member-id',
      '1',
      '-q',
      '{id: id, member_no: e_3, categories: e_13}',
      '-o',
      'yaml',
    ])
    expect(r.requests.map((q) => q.body)).toEqual([{ member_table_id: 1, member_id: 1 }])
    expect(r.code).toBe(0)
  })

  it('nested object flag as JSON: add-member', async () => {
    const info = { e_4: 'golden@example.com', e_5: 'passw0rd123', e_6: '金田 太郎' }
    const r = await golden('add-member', [
      'add-member',
      '--member-table-id',
      '1',
      '--member-info',
      JSON.stringify(info),
    ])
    expect(r.requests.map((q) => q.body)).toEqual([{ member_table_id: 1, member_info: info }])
    expect(r.code).toBe(0)
    expect(Number.isInteger(JSON.parse(r.stdout))).toBe(true)
  })

  it('--body from stdin, with a flag on top of it', async () => {
    const r = await golden('stdin-body', ['get-member-info', '--body', '-', '--member-id', '2', '--query', 'id'], {
      stdin: '{"member_table_id": 1, "member_id": 1}',
    })
    expect(r.requests.map((q) => q.body)).toEqual([{ member_table_id: 1, member_id: 2 }])
    expect(r.code).toBe(0)
  })

  it('an API error: catalogue name and message on stderr, exit 1', async () => {
    const r = await golden('api-error', ['get-member-table-elements', '--member-table-id', '999'])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^KR_API_F0005 Invalid Object ID\.: .+ \(request id sdk-\S+\)\n$/)
  })

  it('errors as data: with -o json (or --error-format json) the error is one JSON line on stderr, same exit code', async () => {
    const server = engineFetch()
    const r = await runKrs(['get-member-table-elements', '--member-table-id', '999', '-o', 'json'], {
      fetch: server.fetch,
      env,
    })
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr.endsWith('\n')).toBe(true)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    const error = JSON.parse(r.stderr)
    expect(error).toEqual({
      error_code: 'KR_API_F0005',
      error_desc: 'Invalid Object ID.',
      message: 'member_table_id 999: no such member table',
      request_id: expect.stringMatching(/^sdk-/),
      status: 400,
      exit_code: 1,
    })
    const table = await runKrs(
      ['get-member-table-elements', '--member-table-id', '999', '-o', 'table', '--error-format', 'json'],
      { fetch: engineFetch().fetch, env },
    )
    expect(table.code).toBe(1)
    expect(JSON.parse(table.stderr).error_code).toBe('KR_API_F0005')
    const usage = await runKrs(['members', 'export', '-o', 'json'], { fetch: engineFetch().fetch, env })
    expect(usage.code).toBe(2)
    expect(JSON.parse(usage.stderr)).toMatchObject({ error_code: null, status: null, exit_code: 2 })
    const text = await runKrs(
      ['get-member-table-elements', '--member-table-id', '999', '--error-format', 'text', '-o', 'json'],
      {
        fetch: engineFetch().fetch,
        env,
      },
    )
    expect(text.stderr).toMatch(/^KR_API_F0005 /)
    const bad = await runKrs(['get-version', '--error-format', 'xml'], { fetch: engineFetch().fetch, env })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe('krs: --error-format must be text or json (got "xml")\n')
  })

  it('a right the token lacks: KR_API_F0014', async () => {
    const r = await golden('no-right', ['lock-database', '--member-table-id', '1'], { token: 'krs-reference' })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^KR_API_F0014 No Has Required Privilege\.: /)
  })

  it('--all follows every page (offset by the contract step 50)', async () => {
    const r = await golden('all-pages', [
      'get-member-infos-by-condition',
      '--member-table-id',
      '1',
      '--condition-id',
      '1',
      '--sort-key',
      '0',
      '--order',
      '--all',
      '--query',
      'length(@)',
    ])
    expect(r.code).toBe(0)
    const offsets = r.requests.map((q) => (q.body as { offset: number }).offset)
    expect(offsets[0]).toBe(0)
    expect(offsets.every((o, i) => o === i * 50)).toBe(true)
    const total = Number(r.stdout)
    expect(offsets).toHaveLength(Math.floor(total / 50) + 1)
    expect(total).toBeGreaterThan(50)
  })

  it('--dry-run prints curl with the token as $KRS_API_TOKEN and sends nothing', async () => {
    const r = await golden('dry-run', ['--dry-run', 'get-member-info', '--member-table-id', '1', '--member-id', '3'], {
      token: 'secret-token-0123456789',
    })
    expect(r.requests).toEqual([])
    expect(r.stdout).toContain('-H "Authorization: Bearer $KRS_API_TOKEN"')
    expect(r.stdout).not.toContain('secret-token-0123456789')
    expect(r.stdout).toContain(`--data-raw '{"member_table_id":1,"member_id":3}'`)
  })
})
