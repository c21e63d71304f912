import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { conformingCall, post } from './support/http-call.js'
import { cliBin } from './support/paths.js'
import { krs } from './support/run-krs.js'
import { newTenant, type Tenant } from './support/tenant.js'

// CLI ↔ emulator: the built binary (cli/dist/bin.cjs; `npm run build -w @krs-kit/cli`)
// against the run's krs-mock. Sample operations go through Prism; the workflows talk to the
// emulator directly (file transfers) on a tenant whose clock runs 600× faster than real
// time, so batch jobs and deliveries finish while the CLI polls.
const built = existsSync(cliBin)
let t: Tenant
let fast: Tenant
beforeAll(async () => {
  ;[t, fast] = await Promise.all([newTenant(), newTenant({ clock: { mode: 'real', speed: 600 } })])
})

const ops = (): { baseUrl: string; token: string } => ({ baseUrl: t.prismUrl, token: t.tokens['krs-all']! })

describe(`krs (built binary ${cliBin})`, () => {
  beforeAll(() => {
    // The root `npm test` builds it first (pretest); never skip silently.
    if (!built)
      throw new Error(
        `${cliBin} is missing: run \`npm run build -w @krs-kit/cli\` (the root npm test does it in pretest)`,
      )
  })

  it('get-member-tables prints the same JSON the API answers', async () => {
    const r = await krs(['get-member-tables'], ops())
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const api = await conformingCall(t, 'get_member_tables', {}, t.tokens['krs-all'])
    expect(JSON.parse(r.stdout)).toEqual(api.json)
  })

  it('get_member_info with flags and --query', async () => {
    const r = await krs(
      ['get_member_info', '--member-table-id', '1', '--member-id', '2', '--query', '{id: id, mail: e_4}'],
      ops(),
    )
    expect(r.code).toBe(0)
    const api = (await conformingCall(t, 'get_member_info', { member_table_id: 1, member_id: 2 }, t.tokens['krs-all']))
      .json as { id: number; e_4: string }
    expect(JSON.parse(r.stdout)).toEqual({ id: api.id, mail: api.e_4 })
  })

  it('add-member then lookup-member-id: the write is visible to the API', async () => {
    const add = await krs(
      [
        'add-member',
        '--member-table-id',
        '1',
        '--member-info',
        JSON.stringify({ e_4: 'cli-cross@example.com', e_5: 'abcd1234', e_6: 'コマンド 太郎' }),
      ],
      ops(),
    )
    expect(add.code, add.stderr).toBe(0)
    const id = JSON.parse(add.stdout) as number
    const api = await conformingCall(
      t,
      'lookup_member_id',
      { member_table_id: 1, member_info: { e_4: 'cli-cross@example.com' } },
      t.tokens['krs-all'],
    )
    expect(api.json).toBe(id)
  })

  it('an API error exits 1 with the code and the catalogue name on stderr', async () => {
    const r = await krs(['get-member-info', '--member-table-id', '1', '--member-id', '999999'], ops())
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('KR_API_F0005 Invalid Object ID.')
    expect(r.stdout).toBe('')
  })

  it('a value the contract refuses exits 2 before any request (the journal stays empty)', async () => {
    await t.admin('DELETE', 'journal')
    const r = await krs(['get-member-info', '--member-table-id', '0', '--member-id', '1'], {
      baseUrl: t.mockUrl,
      token: t.tokens['krs-all']!,
    })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--member-table-id/)
    const journal = (await t.admin('GET', 'journal')).json as { entries: unknown[] }
    expect(journal.entries).toEqual([])
  })

  it('a token of no tenant exits 1 with KR_API_F1001', async () => {
    const r = await krs(['get-member-tables'], { baseUrl: t.mockUrl, token: 'krs-all.t_000000000000.0000000000000000' })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('KR_API_F1001')
  })

  it('members export writes every member of the table as CSV', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'krs-export-')), 'members.csv')
    const r = await krs(
      ['members', 'export', '--table', '1', '--out', out, '--interval', '1', '--timeout', '120'],
      { baseUrl: fast.mockUrl, token: fast.tokens['krs-all']! },
      '',
      150_000,
    )
    expect(r.code, r.stderr).toBe(0)
    const lines = readFileSync(out, 'utf8')
      .split(/\r?\n/)
      .filter((l) => l !== '')
    const count = (
      await post(
        fast.mockUrl,
        'get_members_num_by_condition',
        { member_table_id: 1, condition_id: 1 },
        fast.tokens['krs-all'],
      )
    ).json as number
    expect(lines.length - 1).toBe(count)
  })

  it('members import adds the rows of a CSV, then wait batch-job reports the job done', async () => {
    const before = (
      await post(
        fast.mockUrl,
        'get_members_num_by_condition',
        { member_table_id: 1, condition_id: 1 },
        fast.tokens['krs-all'],
      )
    ).json as number
    const dir = mkdtempSync(join(tmpdir(), 'krs-import-'))
    const exported = join(dir, 'all.csv')
    const ex = await krs(
      ['members', 'export', '--table', '1', '--out', exported, '--interval', '1', '--timeout', '120'],
      { baseUrl: fast.mockUrl, token: fast.tokens['krs-all']! },
      '',
      150_000,
    )
    expect(ex.code, ex.stderr).toBe(0)
    const [header] = readFileSync(exported, 'utf8').split(/\r?\n/)
    const cols = header!.split(',')
    // The export's header names the elements by key (id, e_1, ...): e_4 address, e_5 password, e_6 name.
    const values: Record<string, (email: string) => string> = {
      e_4: (email) => email,
      e_5: () => 'abcd1234',
      e_6: () => '取込 花子',
    }
    const row = (email: string): string => cols.map((c) => values[c]?.(email) ?? '').join(',')
    const file = join(dir, 'new.csv')
    writeFileSync(
      file,
      `${[header, row('cli-import-1@example.com'), row('cli-import-2@example.com')].join('\r\n')}\r\n`,
    )
    const r = await krs(
      ['members', 'import', '--table', '1', '--file', file, '--interval', '1', '--timeout', '120'],
      { baseUrl: fast.mockUrl, token: fast.tokens['krs-all']! },
      '',
      150_000,
    )
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0)
    const after = (
      await post(
        fast.mockUrl,
        'get_members_num_by_condition',
        { member_table_id: 1, condition_id: 1 },
        fast.tokens['krs-all'],
      )
    ).json as number
    expect(after, r.stdout).toBe(before + 2)
    expect(r.stdout).toMatch(/登録 2件/)
    const job = /batch_job_id (\d+)/.exec(r.stderr)?.[1]
    expect(job, r.stderr).toBeDefined()
    const w = await krs(
      ['wait', 'batch-job', job!, '--interval', '1', '--timeout', '60'],
      { baseUrl: fast.mockUrl, token: fast.tokens['krs-all']! },
      '',
      90_000,
    )
    expect(w.code, w.stderr).toBe(0)
  })

  it('wait delivery returns once the delivery finished', async () => {
    const tok = fast.tokens['krs-all']!
    const { validExample } = await import('./support/request-examples.js')
    const mail = await post(
      fast.mockUrl,
      'add_mail_message',
      { ...(validExample('add_mail_message') as object), member_table_id: 1 },
      tok,
    )
    expect(mail.status, mail.text).toBe(200)
    const clock = (await fast.admin('GET', 'clock')).json as { now: number }
    const ex = validExample('add_delivery_schedule') as { delivery_info: Record<string, unknown> }
    const d = await post(
      fast.mockUrl,
      'add_delivery_schedule',
      {
        ...ex,
        mail_message_id: mail.json,
        delivery_info: { ...ex.delivery_info, condition_id: 2, delivery_date: clock.now + 600 },
      },
      tok,
    )
    expect(d.status, d.text).toBe(200)
    const r = await krs(
      ['wait', 'delivery', String(d.json), '--interval', '1', '--timeout', '120'],
      { baseUrl: fast.mockUrl, token: tok },
      '',
      150_000,
    )
    expect(r.code, r.stderr).toBe(0)
  })
})
