import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../src/generated/operations.js'
import { buildCli, ensureMockServerBuild, krs, startMock } from './support/spawn-krs.js'

/**
 * End to end: the CLI is built fresh (beforeAll, into a private folder, so a stale dist/
 * is never tested; the emulator's build is refreshed when older than its sources), `krs mock` runs the emulator on a free port in a child process, and
 * each test spawns the built binary against it.
 */
let bin = ''
let mock: { url: string; child: ChildProcess } | undefined
let env: Record<string, string> = {}
const configHome = mkdtempSync(join(tmpdir(), 'krs-e2e-config-'))

beforeAll(async () => {
  bin = buildCli()
  ensureMockServerBuild()
  mock = await startMock(bin, ['--quiet', '--clock', 'manual'], { XDG_CONFIG_HOME: configHome })
  env = { KRS_BASE_URL: mock.url, KRS_API_TOKEN: 'krs-all', XDG_CONFIG_HOME: configHome }
}, 180_000)

afterAll(() => {
  mock?.child.kill('SIGTERM')
})

const run = (argv: string[], input?: string, extra: Record<string, string> = {}) => krs(bin, argv, { ...env, ...extra }, input)

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as { port: number }).port
  await new Promise<void>((r) => s.close(() => r()))
  return port
}

describe('krs binary against krs mock', () => {
  it('krs mock printed its URL and the tokens', () => {
    expect(mock?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('exit 0: an operation, compact JSON when piped', async () => {
    const r = await run(['get-member-tables'])
    expect(r.code).toBe(0)
    expect(r.stdout.trim().split('\n')).toHaveLength(1)
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ id: 1 })
  })

  it('exit 1: an API error on stderr as "CODE Name: message"', async () => {
    const r = await run(['get-member-info', '--member-table-id', '1', '--member-id', '99999999'])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^KR_API_F\d{4} [^:]+: .+\n$/)
  })

  it('exit 1: a wrong token', async () => {
    const r = await run(['get-member-tables'], '', { KRS_API_TOKEN: 'no-such-token' })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^KR_API_F1001 Authentication Failed\.: /)
  })

  it('exit 2: a flag the contract refuses', async () => {
    const r = await run(['get-member-info', '--member-table-id', 'one', '--member-id', '1'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('krs: --member-table-id must be an integer (got "one")\n')
  })

  it('exit 3: the service cannot be reached', async () => {
    const r = await run(['get-member-tables'], '', { KRS_BASE_URL: `http://127.0.0.1:${await closedPort()}` })
    expect(r.code).toBe(3)
    expect(r.stderr).toMatch(/^krs: get_member_tables: network error/)
  })

  it('--body - reads the body from stdin', async () => {
    const r = await run(['get-member-info', '--body', '-'], '{"member_table_id":1,"member_id":1}')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 1 })
  })

  it('--body @file.json and @file for an object flag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'krs-e2e-'))
    writeFileSync(join(dir, 'body.json'), '{"member_table_id":1,"member_id":2}')
    const r = await run(['get-member-info', '--body', `@${join(dir, 'body.json')}`, '--query', 'id'])
    expect(r.stdout).toBe('2\n')
  })

  it('--dry-run prints curl and sends nothing', async () => {
    const r = await run(['add-member', '--dry-run', '--member-table-id', '1', '--member-info', '{"e_4":"x@example.com"}'], '', {
      KRS_API_TOKEN: 'a-long-secret-token-value',
    })
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      [
        `curl -sS -X POST '${mock?.url}/api/v1/add_member' \\`,
        `  -H "Authorization: Bearer $KRS_API_TOKEN" \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  --data-raw '{"member_table_id":1,"member_info":{"e_4":"x@example.com"}}'`,
        '',
      ].join('\n'),
    )
    const count = await run(['get-member-tables', '--query', '[?id==`1`].nums | [0]'])
    expect(Number(count.stdout)).toBe(1000)
  })

  it('--all and --query over every page', async () => {
    const r = await run(['get-member-infos-by-condition', '--member-table-id', '1', '--condition-id', '1', '--sort-key', '0', '--order', 'true', '--all', '--query', 'length(@)'])
    expect(r.code).toBe(0)
    expect(Number(r.stdout)).toBe(1000)
  })

  it('--output table and csv', async () => {
    expect((await run(['get-member-tables', '-o', 'csv'])).stdout.split('\n')[0]).toBe('id,title,nums')
    expect((await run(['get-member-tables', '-o', 'table'])).stdout.split('\n')[1]).toMatch(/^-+ {2}-+ {2}-+$/)
  })
})

describe('krs mock in process', () => {
  it('serves until SIGTERM, then shuts down with exit 0', async () => {
    const second = await startMock(bin, ['--quiet', '--seed', '2'], { XDG_CONFIG_HOME: configHome })
    const tables = await run(['get-member-tables', '--query', 'length(@)'], '', { KRS_BASE_URL: second.url })
    expect(tables.stdout).toBe('3\n')
    const exited = new Promise<number | null>((r) => second.child.on('exit', (code) => r(code)))
    second.child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(second.output()).toContain('krs mock: SIGTERM, shutting down')
  })

  it('a bad emulator option is a usage error', async () => {
    const r = await run(['mock', '--clock', 'sometimes'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('krs: --clock must be real or manual (got "sometimes")\n')
  })
})

describe('krs mock admin commands', () => {
  it('clock, clock advance, clock set', async () => {
    const before = JSON.parse((await run(['mock', 'clock'])).stdout) as { now: number; mode: string }
    expect(before.mode).toBe('manual')
    const after = JSON.parse((await run(['mock', 'clock', 'advance', '3600'])).stdout) as { now: number }
    expect(after.now).toBe(before.now + 3600)
    const set = JSON.parse((await run(['mock', 'clock', 'set', '2030-01-01T00:00:00Z'])).stdout) as { now: number }
    expect(set.now).toBe(1893456000)
  })

  it('tenant new gives an isolated environment; --save writes a profile; reset restores it', async () => {
    const created = await run(['mock', 'tenant', 'new', '--save', 'e2e'])
    expect(created.code).toBe(0)
    const t = JSON.parse(created.stdout) as { tenant_id: string; tokens: Record<string, string> }
    expect(t.tokens['krs-all']).toBeTruthy()
    const inTenant = { KRS_API_TOKEN: '', KRS_BASE_URL: '', KRS_PROFILE: 'e2e' }
    const added = await run(
      ['add-member', '--member-table-id', '1', '--member-info', '{"e_4":"tenant@example.com","e_5":"passw0rd123","e_6":"別 環境"}'],
      '',
      inTenant,
    )
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    const tables = async (extra: Record<string, string>) =>
      JSON.parse((await run(['get-member-tables', '--query', '[?id==`1`].nums | [0]'], '', extra)).stdout) as number
    const defaultCount = await tables({})
    expect(await tables(inTenant)).toBe(defaultCount + 1)
    const reset = await run(['mock', 'reset'], '', inTenant)
    expect(JSON.parse(reset.stdout)).toEqual({ ok: true })
    expect(await tables(inTenant)).toBe(defaultCount)
    const list = await run(['config', 'list', '--profile', 'e2e'])
    expect(list.stdout).not.toContain(t.tokens['krs-all'])
  })

  it('a bad argument is exit 2, an admin error exit 1, an unreachable emulator exit 3', async () => {
    const bad = await run(['mock', 'clock', 'advance', 'soon'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe('krs: <duration> must be a duration: 90s, 10m, 1h30m, 2d, 500ms, or a number of seconds (got "soon")\n')
    const refused = await run(['mock', 'clock', 'mode', 'real'], '', { KRS_API_TOKEN: 'no-such-token' })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^krs: mock admin POST \/__mock\/clock: 401 unknown_token: /)
    const down = await run(['mock', 'clock'], '', { KRS_BASE_URL: `http://127.0.0.1:${await closedPort()}` })
    expect(down.code).toBe(3)
    expect(down.stderr).toMatch(/^krs: cannot reach the emulator/)
  })
})

describe('workflows against krs mock', () => {
  it(
    'members export writes the file',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'krs-e2e-'))
      const out = join(dir, 'members.csv')
      // The manual clock runs the job when it is advanced: --advance-clock moves it.
      const r = await run(['members', 'export', '--table', '2', '--advance-clock', '--out', out])
      expect(r.code).toBe(0)
      // Table 2 of the default scenario has 30 members (one line each, plus a header if any).
      expect(readFileSync(out, 'utf8').split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(30)
    },
  )

  it(
    'members import uploads, imports and reports',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'krs-e2e-'))
      const file = join(dir, 'in.csv')
      writeFileSync(file, 'e_4,e_5,e_6\nimported@example.com,passw0rd123,取込 花子\n')
      const r = await run(['members', 'import', '--table', '1', '--file', file, '--advance-clock'])
      expect(r.code).toBe(0)
      expect(r.stderr).toContain('batch_job_id')
    },
  )

  it(
    'deliveries send, wait delivery, mock outbox',
    async () => {
      // The contract's own example of a mail message.
      const mailInfo = (operations.add_mail_message.requestSchema as { properties: { mail_info: { examples: unknown[] } } }).properties.mail_info
        .examples[0]
      const msg = await run(['add-mail-message', '--member-table-id', '1', '--mail-info', JSON.stringify(mailInfo)])
      expect(msg.code).toBe(0)
      const sent = await run(['deliveries', 'send', '--message', msg.stdout.trim(), '--element', '4', '--at', 'now'])
      expect(sent.code).toBe(0)
      const { delivery_id } = JSON.parse(sent.stdout) as { delivery_id: number }
      const r = await run(['wait', 'delivery', String(delivery_id), '--advance-clock', '--interval', '10m'])
      expect(JSON.parse(r.stdout)[0]).toBe(3)
      const outbox = await run(['mock', 'outbox', String(delivery_id), '--limit', '1'])
      expect(JSON.parse(outbox.stdout)).toMatchObject({ delivery_id })
    },
  )
})
