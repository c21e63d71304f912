import type { ChildProcess } from 'node:child_process'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '@krs-kit/contract/operations'
import { inShell } from './support/shells.js'
import { buildCli, ensureMockServerBuild, krs, startMock } from './support/spawn-krs.js'
import { stubServer } from './support/stub-server.js'

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

const run = (argv: string[], input?: string, extra: Record<string, string> = {}) =>
  krs(bin, argv, { ...env, ...extra }, input)

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
    const r = await run(
      ['add-member', '--dry-run', '--member-table-id', '1', '--member-info', '{"e_4":"x@example.com"}'],
      '',
      {
        KRS_API_TOKEN: 'a-long-secret-token-value',
      },
    )
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
    const r = await run([
      'get-member-infos-by-condition',
      '--member-table-id',
      '1',
      '--condition-id',
      '1',
      '--sort-key',
      '0',
      '--order',
      'true',
      '--all',
      '--query',
      'length(@)',
    ])
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
      [
        'add-member',
        '--member-table-id',
        '1',
        '--member-info',
        '{"e_4":"tenant@example.com","e_5":"passw0rd123","e_6":"別 環境"}',
      ],
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
    expect(bad.stderr).toBe(
      `krs: <duration>: "soon" is not a duration; write e.g. '90s', '15m', '1h30m', '2d' (units ms s m h d w; a plain number is seconds)\n`,
    )
    const refused = await run(['mock', 'clock', 'mode', 'real'], '', { KRS_API_TOKEN: 'no-such-token' })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^krs: mock admin POST \/__mock\/clock: 401 unknown_token: /)
    const down = await run(['mock', 'clock'], '', { KRS_BASE_URL: `http://127.0.0.1:${await closedPort()}` })
    expect(down.code).toBe(3)
    expect(down.stderr).toMatch(/^krs: cannot reach the emulator/)
  })
})

describe('workflows against krs mock', () => {
  it('members export writes the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'krs-e2e-'))
    const out = join(dir, 'members.csv')
    // The manual clock runs the job when it is advanced: --advance-clock moves it.
    const r = await run(['members', 'export', '--table', '2', '--advance-clock', '--out', out])
    expect(r.code).toBe(0)
    // Table 2 of the default scenario has 30 members (one line each, plus a header if any).
    expect(readFileSync(out, 'utf8').split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(30)
  })

  it('members import uploads, imports and reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'krs-e2e-'))
    const file = join(dir, 'in.csv')
    writeFileSync(file, 'e_4,e_5,e_6\nimported@example.com,passw0rd123,取込 花子\n')
    const r = await run(['members', 'import', '--table', '1', '--file', file, '--advance-clock'])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain('batch_job_id')
  })

  it('deliveries send, wait delivery, mock outbox', async () => {
    // The contract's own example of a mail message.
    const mailInfo = (
      operations.add_mail_message.requestSchema as { properties: { mail_info: { examples: unknown[] } } }
    ).properties.mail_info.examples[0]
    const msg = await run(['add-mail-message', '--member-table-id', '1', '--mail-info', JSON.stringify(mailInfo)])
    expect(msg.code).toBe(0)
    const sent = await run(['deliveries', 'send', '--message', msg.stdout.trim(), '--element', '4', '--at', 'now'])
    expect(sent.code).toBe(0)
    const { delivery_id } = JSON.parse(sent.stdout) as { delivery_id: number }
    const r = await run(['wait', 'delivery', String(delivery_id), '--advance-clock', '--interval', '10m'])
    expect(JSON.parse(r.stdout)[0]).toBe(3)
    const outbox = await run(['mock', 'outbox', String(delivery_id), '--limit', '1'])
    expect(JSON.parse(outbox.stdout)).toMatchObject({ delivery_id })
  })
})

/** A fresh tenant of the emulator saved as a profile, with the connection of that profile only. */
async function tenant(profile: string, clock: 'real' | 'manual'): Promise<Record<string, string>> {
  const created = await run(['mock', 'tenant', 'new', '--clock', clock, '--save', profile])
  expect(created.code).toBe(0)
  return { KRS_API_TOKEN: '', KRS_BASE_URL: '', KRS_PROFILE: profile }
}

/** A mail message of the contract's own example in the tenant; returns its ID. */
async function mailMessage(extra: Record<string, string>): Promise<string> {
  const mailInfo = (operations.add_mail_message.requestSchema as { properties: { mail_info: { examples: unknown[] } } })
    .properties.mail_info.examples[0]
  const msg = await run(
    ['add-mail-message', '--member-table-id', '1', '--mail-info', JSON.stringify(mailInfo)],
    '',
    extra,
  )
  expect(msg.code).toBe(0)
  return msg.stdout.trim()
}

const clockOf = async (extra: Record<string, string>) =>
  JSON.parse((await run(['mock', 'clock'], '', extra)).stdout) as { now: number; mode: string }

describe('workflows that know the emulator', () => {
  it('a workflow on a manual clock stops at once (exit 4) before it starts anything, and says how to move it', async () => {
    const t = await tenant('stall', 'manual')
    const started = Date.now()
    const r = await run(['members', 'export', '--table', '2', '--out', 'never.csv'], '', t)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(r.code).toBe(4)
    expect(r.stderr).toBe(
      'krs: members export would never finish: the emulator clock is manual. Nothing was started. Add --advance-clock, or switch the clock to real: krs mock clock mode real\n',
    )
    const journal = await run(['mock', 'journal', '-o', 'json'], '', t)
    expect(journal.stdout).not.toContain('export_members')
    // A wait on a job that already runs stops at once too, with the same advice.
    const job = await run(
      ['export-members', '--member-table-id', '2', '--condition-id', '1', '--columnset-id', '1'],
      '',
      t,
    )
    expect(job.code).toBe(0)
    const waited = await run(['wait', 'batch-job', job.stdout.trim()], '', t)
    expect(waited.code).toBe(4)
    expect(waited.stderr).toMatch(
      /^krs: batch job \d+ stays at \d+% and will not finish: the emulator clock is manual\. Add --advance-clock, or move the clock: krs mock clock advance 10m\n$/,
    )
  })

  it('--advance-clock moves the manual clock by the interval at each poll', async () => {
    const t = await tenant('advance', 'manual')
    const before = await clockOf(t)
    const r = await run(
      [
        'members',
        'export',
        '--table',
        '2',
        '--advance-clock',
        '--interval',
        '1m',
        '-o',
        'json',
        '--query',
        'length(@)',
      ],
      '',
      t,
    )
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(Number(r.stdout)).toBeGreaterThanOrEqual(30)
    const after = await clockOf(t)
    expect(after.now - before.now).toBeGreaterThanOrEqual(60)
    expect((after.now - before.now) % 60).toBe(0)
  })

  it('polls fast against the emulator with a real clock (not every 30 s)', async () => {
    // A tenant whose real clock runs 10× (the export job takes about 10 s of emulator time).
    const created = await fetch(`${mock?.url}/__mock/tenants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clock: { mode: 'real', speed: 10 } }),
    })
    const { tokens } = (await created.json()) as { tokens: Record<string, string> }
    const started = Date.now()
    const r = await run(['members', 'export', '--table', '2', '--verbose'], '', {
      KRS_API_TOKEN: tokens['krs-all'] as string,
    })
    const elapsed = Date.now() - started
    expect(r.code).toBe(0)
    const polls = r.stderr.split('\n').filter((l) => l.endsWith('/api/v1/get_batch_job_status'))
    // At the documented 30 s, a second poll would come 30 s after the first.
    expect(polls.length).toBeGreaterThanOrEqual(2)
    expect(elapsed).toBeLessThan(20_000)
  }, 60_000)

  it('--at now and --at +10m use the emulator clock, not the host clock', async () => {
    const t = await tenant('at', 'manual')
    await run(['mock', 'clock', 'set', '2031-05-01T00:00:00Z'], '', t)
    const id = await mailMessage(t)
    const now = await run(['deliveries', 'send', '--message', id, '--element', '4', '--at', 'now'], '', t)
    expect(now.code).toBe(0)
    const at = Date.parse('2031-05-01T00:00:00Z') / 1000
    expect(JSON.parse(now.stdout).delivery_date).toBe(at)
    // A message can be scheduled once: the second delivery needs its own.
    const later = await run(
      ['deliveries', 'send', '--message', await mailMessage(t), '--element', '4', '--at', '+10m'],
      '',
      t,
    )
    expect(JSON.parse(later.stdout).delivery_date).toBe(at + 600)
  })

  it('--at +10m against the real service uses its Date header', async () => {
    const date = 'Tue, 01 Apr 2025 00:00:00 GMT'
    const stub = await stubServer((req, res) => {
      res.setHeader('date', date)
      res.setHeader('content-type', 'application/json')
      res.end(req.url.endsWith('/add_delivery_schedule') ? '1201' : '"env"')
    })
    try {
      const r = await run(['deliveries', 'send', '--message', '1', '--element', '4', '--at', '+10m'], '', {
        KRS_BASE_URL: stub.url,
      })
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      const sent = stub.requests.find((q) => q.url.endsWith('/add_delivery_schedule'))
      expect(JSON.parse(sent?.body ?? '{}').delivery_info.delivery_date).toBe(Date.parse(date) / 1000 + 600)
      expect(stub.requests.some((q) => q.url.startsWith('/__mock/'))).toBe(false)
    } finally {
      await stub.close()
    }
  })

  it('a wait that times out names the delivery and the phase it did not reach (exit 3)', async () => {
    const t = await tenant('late', 'real')
    const id = await mailMessage(t)
    const sent = await run(['deliveries', 'send', '--message', id, '--element', '4', '--at', '+1d'], '', t)
    const { delivery_id } = JSON.parse(sent.stdout) as { delivery_id: number }
    const r = await run(['wait', 'delivery', String(delivery_id), '--timeout', '1s'], '', t)
    expect(r.code).toBe(3)
    expect(r.stderr).toBe(
      `krs: delivery ${delivery_id} did not reach phase 3 (handed over) within 1s (timed out; last seen at phase 0, scheduled)\n`,
    )
    const ja = await run(['wait', 'delivery', String(delivery_id), '--timeout', '1s'], '', {
      ...t,
      LANG: 'ja_JP.UTF-8',
    })
    expect(ja.stderr).toBe(
      `krs: 配信 ${delivery_id} は 1s 以内にフェーズ 3（引き渡し終了）になりませんでした（timed out。最後はフェーズ 0（配信予約中））\n`,
    )
  })
})

describe('exit codes that tell the truth', () => {
  it('members import exits 1 when a row failed, with the failed rows; -o json gives the report as data', async () => {
    const t = await tenant('import', 'manual')
    const dir = mkdtempSync(join(tmpdir(), 'krs-e2e-'))
    const file = join(dir, 'in.csv')
    writeFileSync(file, 'e_4,e_5,e_6\nok@example.com,passw0rd123,正常 太郎\nnot-an-address,passw0rd123,失敗 次郎\n')
    const r = await run(['members', 'import', '--table', '1', '--file', file, '--advance-clock'], '', t)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('エラー')
    expect(r.stderr).toMatch(
      new RegExp(
        `krs: 1 row\\(s\\) of ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} failed \\(1 added, 0 updated\\):\n  line 3: .+\n$`,
      ),
    )
    writeFileSync(file, 'e_4,e_5,e_6\nnot-an-address,passw0rd123,失敗 三郎\n')
    const json = await run(
      ['members', 'import', '--table', '1', '--file', file, '--advance-clock', '-o', 'json'],
      '',
      t,
    )
    expect(json.code).toBe(1)
    const report = JSON.parse(json.stdout) as {
      errors: number
      added: number
      failed: { line: number; result: string }[]
    }
    expect(report).toMatchObject({ errors: 1, added: 0 })
    expect(report.failed).toEqual([expect.objectContaining({ line: 2, result: 'エラー' })])
    const csv = await run(['members', 'import', '--table', '1', '--file', file, '--advance-clock', '-o', 'csv'], '', t)
    expect(csv.stdout.split('\n')[0]).toBe('line,member_id,result,message')
  })

  it('usage errors exit 2: a base URL that is not a URL, a bad duration, a bad time, a bad --lang', async () => {
    const url = await run(['get-member-tables', '--base-url', 'notaurl'])
    expect(url.code).toBe(2)
    expect(url.stderr).toBe('krs: --base-url must be an http:// or https:// URL (got "notaurl")\n')
    const envUrl = await run(['mock', 'clock'], '', { KRS_BASE_URL: 'ftp://x' })
    expect(envUrl.code).toBe(2)
    expect((await run(['get-member-tables', '--timeout', 'soon'])).code).toBe(2)
    expect((await run(['wait', 'batch-job', '1', '--interval', '3 parsecs'])).stderr).toMatch(
      /^krs: --interval: "3 parsecs" is not a duration/,
    )
    expect((await run(['mock', 'clock', 'set', 'yesterday'])).code).toBe(2)
    const lang = await run(['--lang', 'fr', '--help'])
    expect(lang.code).toBe(2)
    expect(lang.stderr).toBe('krs: --lang must be ja or en (got "fr")\n')
  })

  it('an internal error has its own code (70)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'krs-e2e-broken-'))
    // A folder where the profile file should be: reading it fails in a way krs does not expect.
    mkdirSync(join(home, 'krs', 'config.json'), { recursive: true })
    const r = await run(['get-member-tables'], '', { XDG_CONFIG_HOME: home })
    expect(r.code).toBe(70)
    expect(r.stderr).toMatch(/^krs: internal error \(a bug in krs, please report it\): EISDIR/)
  })

  it('krs mock on a port in use exits 1, not as an internal error', async () => {
    const port = new URL(mock?.url ?? '').port
    const r = await run(['mock', '--port', port, '--quiet'])
    expect(r.code).toBe(1)
    // The emulator's own message: the port, and the process holding it where /proc shows it.
    expect(r.stderr).toMatch(
      new RegExp(
        `^krs: mock: port ${port} on 127\\.0\\.0\\.1 is already in use( by pid \\d+ \\(.+\\))?; stop it, or start with --port <another> \\(--port 0 picks a free one\\)\n$`,
      ),
    )
  })

  it('the table of exit codes is in krs --help, in both languages', async () => {
    const en = await run(['--help'])
    for (const line of [
      'Exit codes:',
      '  0    success',
      '  2    usage',
      '  4    a wait cannot progress',
      '  70   internal error',
    ])
      expect(en.stdout).toContain(line)
    const ja = await run(['--help'], '', { LANG: 'ja_JP.UTF-8' })
    expect(ja.stdout).toContain('終了コード:')
    expect(ja.stdout).toContain('  1    API のエラー')
  })
})

describe('krs mock admin commands, each a thin call of the admin API', () => {
  it('journal: the requests of the tenant, with --operation, --limit and -o table; journal clear', async () => {
    const t = await tenant('journal', 'manual')
    await run(['get-member-tables'], '', t)
    await run(['get-member-tables'], '', t)
    const j = await run(['mock', 'journal', '--operation', 'get-member-tables', '--limit', '1'], '', t)
    expect(j.code).toBe(0)
    const entries = (JSON.parse(j.stdout) as { entries: { operation: string; status: number }[] }).entries
    expect(entries).toEqual([expect.objectContaining({ operation: 'get_member_tables', status: 200 })])
    const table = await run(['mock', 'journal', '-o', 'table'], '', t)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+at\s+wall_time\s+method/)
    expect(JSON.parse((await run(['mock', 'journal', 'clear'], '', t)).stdout)).toEqual({ ok: true })
    expect(JSON.parse((await run(['mock', 'journal'], '', t)).stdout)).toEqual({ entries: [] })
  })

  it('faults add, list and clear: the next call answers the injected error', async () => {
    const t = await tenant('faults', 'manual')
    const added = await run(
      [
        'mock',
        'faults',
        'add',
        '--operation',
        'get-member-tables',
        '--error-code',
        'KR_API_F0005',
        '--count',
        '1',
        '--delay',
        '10ms',
      ],
      '',
      t,
    )
    expect(added.code).toBe(0)
    expect(JSON.parse(added.stdout).faults).toEqual([
      expect.objectContaining({ operation: 'get_member_tables', remaining: 1, delay_ms: 10 }),
    ])
    expect((await run(['mock', 'faults', '-o', 'csv'], '', t)).stdout.split('\n')[0]).toBe(
      'id,operation,remaining,error_code,status,delay_ms',
    )
    const failed = await run(['get-member-tables'], '', { ...t })
    expect(failed.code).toBe(1)
    expect(failed.stderr).toMatch(/^KR_API_F0005 /)
    expect((await run(['get-member-tables'], '', t)).code).toBe(0)
    await run(['mock', 'faults', 'add', '--operation', '*', '--status', '503'], '', t)
    expect(JSON.parse((await run(['mock', 'faults', 'clear'], '', t)).stdout)).toEqual({ faults: [] })
    expect((await run(['mock', 'faults', 'add', '--operation', 'x'], '', t)).code).toBe(2)
  })

  it('events: an unsubscribe by address; a bounce needs --code', async () => {
    const t = await tenant('events', 'manual')
    const r = await run(['mock', 'events', 'unsubscribe', '--address', 'someone@example.com'], '', t)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, type: 'unsubscribe' })
    const bounce = await run(['mock', 'events', 'bounce', '--delivery', '1', '--member', '1'], '', t)
    expect(bounce.code).toBe(2)
    expect(bounce.stderr).toBe('krs: bounce needs --code\n')
    expect((await run(['mock', 'events', 'wave'], '', t)).code).toBe(2)
  })

  it('snapshot save to a file and load from it restore the state', async () => {
    const t = await tenant('snap', 'manual')
    const dir = mkdtempSync(join(tmpdir(), 'krs-e2e-'))
    const file = join(dir, 'snap.json')
    const count = async () =>
      Number((await run(['get-member-tables', '--query', '[?id==`1`].nums | [0]'], '', t)).stdout)
    const before = await count()
    const saved = await run(['mock', 'snapshot', 'save', file], '', t)
    expect(saved.code).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('krs-mock-tenant/1')
    await run(
      [
        'add-member',
        '--member-table-id',
        '1',
        '--member-info',
        '{"e_4":"snap@example.com","e_5":"passw0rd123","e_6":"写真 太郎"}',
      ],
      '',
      t,
    )
    expect(await count()).toBe(before + 1)
    const loaded = await run(['mock', 'snapshot', 'load', file], '', t)
    expect(JSON.parse(loaded.stdout)).toEqual({ ok: true })
    expect(await count()).toBe(before)
    expect(JSON.parse((await run(['mock', 'snapshot', 'save', '-q', 'format'], '', t)).stdout)).toBe(
      'krs-mock-tenant/1',
    )
  })

  it('tenants list, create and delete', async () => {
    const created = await run(['mock', 'tenants', 'create', '--save', 'doomed'])
    const id = (JSON.parse(created.stdout) as { tenant_id: string }).tenant_id
    const list = await run(['mock', 'tenants', 'list', '-o', 'csv'])
    expect(list.stdout.split('\n')[0]).toBe('tenant_id,default')
    expect(list.stdout).toContain(`${id},false`)
    const doomed = { KRS_API_TOKEN: '', KRS_BASE_URL: '', KRS_PROFILE: 'doomed' }
    expect(JSON.parse((await run(['mock', 'tenants', 'delete'], '', doomed)).stdout)).toEqual({ ok: true })
    expect((await run(['mock', 'tenants', 'list', '-q', 'tenants[].tenant_id'])).stdout).not.toContain(id)
    const refused = await run(['mock', 'tenants', 'delete'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/400 default_tenant/)
  })

  it('scenario dump: GET /__mock/scenario, JSON by default, YAML with -o yaml (Accept: application/yaml)', async () => {
    // A stub server answers /__mock/scenario: the test checks what the CLI asks and prints,
    // whatever scenario an emulator would hold.
    const stub = await stubServer((req, res) => {
      if (req.headers.accept === 'application/yaml') {
        res.setHeader('content-type', 'application/yaml')
        res.end('# scenario\nseed: 1\nmembers: 1000\n')
      } else {
        res.setHeader('content-type', 'application/json')
        res.end('{"seed":1,"members":1000}')
      }
    })
    try {
      const json = await run(['mock', 'scenario', 'dump'], '', { KRS_BASE_URL: stub.url })
      expect(json.code).toBe(0)
      expect(JSON.parse(json.stdout)).toEqual({ seed: 1, members: 1000 })
      const yaml = await run(['mock', 'scenario', 'dump', '-o', 'yaml'], '', { KRS_BASE_URL: stub.url })
      expect(yaml.stdout).toBe('# scenario\nseed: 1\nmembers: 1000\n')
      expect(stub.requests.map((q) => [q.method, q.url, q.headers.accept, q.headers.authorization])).toEqual([
        ['GET', '/__mock/scenario', 'application/json', 'Bearer krs-all'],
        ['GET', '/__mock/scenario', 'application/yaml', 'Bearer krs-all'],
      ])
      expect(
        (await run(['mock', 'scenario', 'dump', '-o', 'table'], '', { KRS_BASE_URL: stub.url })).stdout.split('\n')[0],
      ).toMatch(/^seed\s+members$/)
    } finally {
      await stub.close()
    }
  })
})

describe('help and messages in Japanese and English', () => {
  const summary = operations.get_member_tables.summary

  it('LANG picks the language; --lang wins; the contract summary stays in both', async () => {
    const en = await run(['--help'], '', { LANG: 'en_US.UTF-8' })
    expect(en.stdout).toContain('Call the KREISEL JSON API from the shell')
    expect(en.stdout).toContain(summary)
    const ja = await run(['--help'], '', { LANG: 'ja_JP.UTF-8' })
    expect(ja.stdout).toContain('KREISEL JSON API をシェルから呼び出し')
    expect(ja.stdout).toContain(summary)
    expect((await run(['--help'], '', { LC_ALL: 'ja_JP.UTF-8', LANG: 'en_US.UTF-8' })).stdout).toContain(
      'をシェルから呼び出し',
    )
    expect((await run(['--lang', 'en', '--help'], '', { LANG: 'ja_JP.UTF-8' })).stdout).toContain(
      'Call the KREISEL JSON API',
    )
    const opEn = await run(['get-member-info', '--help'], '', { LANG: 'C' })
    expect(opEn.stdout).toContain('Rights: ')
    expect(opEn.stdout).toContain(operations.get_member_info.summary)
    expect((await run(['get-member-info', '--help'], '', { LANG: 'ja_JP.UTF-8' })).stdout).toContain('権限: ')
  })

  it('messages follow the language too', async () => {
    const ja = await run(['get-member-tables', '--base-url', 'notaurl'], '', { LANG: 'ja_JP.UTF-8' })
    expect(ja.stderr).toBe('krs: --base-url は http:// か https:// の URL でなければなりません（"notaurl"）\n')
  })
})

describe('durations, times, --dry-run, --verbose, --timeout, --raw, --version', () => {
  it('mock clock advance 1h / 2d / 90s, and clock set to a date or +1h', async () => {
    const t = await tenant('durations', 'manual')
    const start = (await clockOf(t)).now
    expect(JSON.parse((await run(['mock', 'clock', 'advance', '1h'], '', t)).stdout).now).toBe(start + 3600)
    expect(JSON.parse((await run(['mock', 'clock', 'advance', '2d'], '', t)).stdout).now).toBe(start + 3600 + 172_800)
    expect(JSON.parse((await run(['mock', 'clock', 'advance', '90s'], '', t)).stdout).now).toBe(
      start + 3600 + 172_800 + 90,
    )
    expect(JSON.parse((await run(['mock', 'clock', 'set', '2032-02-03'], '', t)).stdout).now).toBe(
      Date.parse('2032-02-03T00:00:00Z') / 1000,
    )
    expect(JSON.parse((await run(['mock', 'clock', 'set', '+1h'], '', t)).stdout).now).toBe(
      Date.parse('2032-02-03T00:00:00Z') / 1000 + 3600,
    )
  })

  it('--dry-run prints $KRS_API_TOKEN, and the printed curl works once it is set; --show-token prints it', async () => {
    const dry = await run(['get-member-info', '--member-table-id', '1', '--member-id', '1', '--dry-run'])
    expect(dry.stdout).toContain('-H "Authorization: Bearer $KRS_API_TOKEN"')
    expect(dry.stdout).not.toContain('krs-all')
    const curl = spawnSync('sh', ['-c', dry.stdout], {
      env: { PATH: process.env.PATH ?? '', KRS_API_TOKEN: 'krs-all' },
      encoding: 'utf8',
    })
    expect(JSON.parse(curl.stdout)).toMatchObject({ id: 1 })
    const profileToken = await run(['get-member-tables', '--dry-run', '--token', 'flag-token-123456'])
    expect(profileToken.stderr).toBe(
      '# token flag…3456: export KRS_API_TOKEN=... before running this (--show-token prints the value)\n',
    )
    const shown = await run(['get-member-tables', '--dry-run', '--show-token'])
    expect(shown.stdout).toContain(`-H 'Authorization: Bearer krs-all'`)
  })

  it('--verbose writes the request, status, time and request id on stderr', async () => {
    const r = await run(['get-member-tables', '--verbose'])
    expect(r.code).toBe(0)
    // The emulator answers with the request's id (the SDK's own, accepted), the id its journal shows.
    const line = new RegExp(`^> POST ${mock?.url}/api/v1/get_member_tables\\n< 200 \\d+ ms request-id (\\S+)\\n$`).exec(
      r.stderr,
    )
    expect(line, r.stderr).not.toBeNull()
    const journal = await (await fetch(`${mock?.url}/__mock/journal`)).text()
    expect(journal).toContain(`"${line?.[1]}"`)
    const stub = await stubServer((_req, res) => {
      res.setHeader('x-request-id', 'req_000042')
      res.setHeader('content-type', 'application/json')
      res.end('[]')
    })
    try {
      const withId = await run(['get-member-tables', '--verbose'], '', { KRS_BASE_URL: stub.url })
      expect(withId.stderr).toMatch(
        /^> POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/get_member_tables\n< 200 \d+ ms request-id req_000042\n$/,
      )
    } finally {
      await stub.close()
    }
  })

  it('--timeout ends a slow call with exit 3', async () => {
    const stub = await stubServer((_req, res) => {
      setTimeout(() => res.end('[]'), 10_000).unref()
    })
    try {
      const started = Date.now()
      const r = await run(['get-member-tables', '--timeout', '300ms'], '', { KRS_BASE_URL: stub.url })
      expect(r.code).toBe(3)
      // Well before the server answers (10 s), even on a busy machine.
      expect(Date.now() - started).toBeLessThan(8000)
      expect(r.stderr).toMatch(/^krs: get_member_tables: .*timed out/)
    } finally {
      await stub.close()
    }
  })

  it('-r prints strings without quotes', async () => {
    const quoted = await run(['get-member-info', '--member-table-id', '1', '--member-id', '1', '--query', 'e_4'])
    const raw = await run(['get-member-info', '--member-table-id', '1', '--member-id', '1', '--query', 'e_4', '-r'])
    expect(quoted.stdout).toBe(`${raw.stdout.trim() ? JSON.stringify(raw.stdout.trim()) : ''}\n`)
    expect(raw.stdout).toMatch(/^[^"\s]+@[^"\s]+\n$/)
    const list = await run(['get-member-tables', '--query', '[].title', '--raw'])
    expect(list.stdout.split('\n').filter(Boolean).length).toBeGreaterThan(1)
    expect(list.stdout).not.toContain('"')
  })

  it('--version prints the version of package.json', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
    expect((await run(['--version'])).stdout).toBe(`${pkg.version}\n`)
  })
})

describe('completion with context, the built krs answering each shell', () => {
  const home = mkdtempSync(join(tmpdir(), 'krs-e2e-complete-'))
  mkdirSync(join(home, 'krs'))
  writeFileSync(join(home, 'krs', 'config.json'), JSON.stringify({ profiles: { staging: {}, production: {} } }))
  const binDir = mkdtempSync(join(tmpdir(), 'krs-e2e-bin-'))
  // `bin` is built in beforeAll: the shim is written once it exists.
  beforeAll(() => {
    writeFileSync(join(binDir, 'krs'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`, { mode: 0o755 })
  })
  const files = mkdtempSync(join(tmpdir(), 'krs-e2e-files-'))
  writeFileSync(join(files, 'members.csv'), '')
  const shellEnv = { PATH: `${binDir}:${process.env.PATH ?? ''}`, XDG_CONFIG_HOME: home }
  /** Command lines (cursor at the end) and what TAB offers there, in every shell. */
  const cases: [string[], string[]][] = [
    [
      ['krs', '-o', ''],
      ['csv', 'json', 'table', 'yaml'],
    ],
    [
      ['krs', 'config', 'use', ''],
      ['production', 'staging'],
    ],
    [['krs', '--profile', 'st'], ['staging']],
    [
      ['krs', 'mock', 'journal', '--operation', 'get_member_ta'],
      ['get_member_table_element_config', 'get_member_table_elements', 'get_member_tables'],
    ],
    [
      ['krs', 'mock', 'clock', ''],
      ['advance', 'mode', 'set'],
    ],
    [
      ['krs', 'completion', ''],
      ['bash', 'fish', 'powershell', 'zsh'],
    ],
  ]

  it('bash, with files left to bash', async () => {
    const script = (await run(['completion', 'bash'])).stdout
    const complete = (words: string[]) => {
      const line = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _krs; printf '%s\\n' "\${COMPREPLY[@]}"`
      const r = spawnSync('bash', ['-c', line], { encoding: 'utf8', cwd: files, env: shellEnv })
      return r.stdout.split('\n').filter(Boolean).sort()
    }
    for (const [words, expected] of cases) expect(complete(words), words.join(' ')).toEqual(expected)
    expect(complete(['krs', 'members', 'import', '--file', 'mem'])).toEqual(['members.csv'])
  })

  inShell('fish', 'fish, with files left to fish', async () => {
    const script = (await run(['completion', 'fish'])).stdout
    const complete = (words: string[]) => {
      const r = spawnSync('fish', ['--no-config', '-c', `${script}\ncomplete -C ${JSON.stringify(words.join(' '))}`], {
        encoding: 'utf8',
        cwd: files,
        env: shellEnv,
      })
      expect(r.stderr).toBe('')
      return r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0])
        .sort()
    }
    for (const [words, expected] of cases) expect(complete(words), words.join(' ')).toEqual(expected)
    expect(complete(['krs', 'members', 'import', '--file', 'mem'])).toEqual(['members.csv'])
  })

  inShell('zsh', 'zsh (compsys needs a terminal: its entry points print what they are given)', async () => {
    const script = (await run(['completion', 'zsh'])).stdout
    const stubs = `_describe() { local item; for item in "\${(@P)4}"; do print -r -- "\${item%%:*}"; done }
_files() { print -r -- "_files $*" }
compdef() { : }`
    const complete = (words: string[]) => {
      const line = `${stubs}\n${script}\nwords=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; _krs`
      const r = spawnSync('zsh', ['-f', '-c', line], { encoding: 'utf8', cwd: files, env: shellEnv })
      expect(r.stderr).toBe('')
      const prefix = words[words.length - 1] as string
      return r.stdout
        .split('\n')
        .filter((l) => l !== '' && l.startsWith(prefix))
        .sort()
    }
    for (const [words, expected] of cases) expect(complete(words), words.join(' ')).toEqual(expected)
    expect(complete(['krs', 'members', 'import', '--file', ''])).toEqual(['_files '])
    expect(complete(['krs', 'mock', '--data-dir', ''])).toEqual(['_files -/'])
  })
})
