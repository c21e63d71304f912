import { describe, expect, it } from 'vitest'
import { operationFlags } from '../src/commands/operation-flags.js'
import { operations } from '@krs-kit/contract/operations'
import { engineFetch, env } from './support/engine-fetch.js'
import { runKrs } from './support/memory-io.js'
import { readdirSync } from 'node:fs'
const specOperations = readdirSync(new URL('../../spec/paths/', import.meta.url)).filter((f) => f.endsWith('.yaml'))

const all = Object.values(operations)

/** Runs a command that must be refused before any request: exit 2, a message, nothing sent. */
async function refused(argv: string[]) {
  const server = engineFetch()
  const r = await runKrs(argv, { fetch: server.fetch, env })
  expect(server.requests).toEqual([])
  expect(r.code).toBe(2)
  expect(r.stdout).toBe('')
  return r.stderr
}

describe('every operation is a command with typed flags', () => {
  /** The help in Japanese (the language follows LANG; see i18n.test.ts for English). */
  const japanese = { LANG: 'ja_JP.UTF-8' }

  it('the registry has one operation per file of spec/paths/', () => {
    expect(all.map((o) => `${o.name}.yaml`).sort()).toEqual([...specOperations].sort())
  })

  it.each(all.map((o) => [o.name, o] as const))(
    '%s: help by name and alias lists each body key as a flag',
    async (name, info) => {
      const alias = name.replace(/_/g, '-')
      const byAlias = await runKrs([alias, '--help'], { env: japanese })
      const byName = await runKrs([name, '--help'], { env: japanese })
      expect(byAlias.code).toBe(0)
      expect(byName.stdout).toBe(byAlias.stdout)
      expect(byAlias.stdout).toContain(info.summary)
      expect(byAlias.stdout).toContain('権限:')
      for (const code of info.errors) expect(byAlias.stdout).toContain(code)
      for (const f of operationFlags(info)) expect(byAlias.stdout).toContain(`--${f.flag}`)
    },
  )

  it.each(all.map((o) => [o.name, o] as const))(
    '%s: the help example passes the contract check (--dry-run)',
    async (name) => {
      const help = await runKrs([name, '--help'], { env: japanese })
      const example = /例: krs (.+)\n/.exec(help.stdout)?.[1]
      expect(example).toBeDefined()
      const argv = [...(example ?? '').matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) =>
        m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : (m[2] as string),
      )
      const r = await runKrs(['--dry-run', ...argv], { env })
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      expect(r.stdout).toContain(`/api/v1/${name}'`)
    },
  )
})

describe('flag values are checked before any request (exit 2, the flag named)', () => {
  it('an integer flag refuses text', async () => {
    expect(await refused(['get-member-info', '--member-table-id', 'abc', '--member-id', '1'])).toBe(
      'krs: --member-table-id must be an integer (got "abc")\n',
    )
  })

  it('a range from the schema (minimum 1)', async () => {
    expect(await refused(['get-member-info', '--member-table-id', '0', '--member-id', '1'])).toBe(
      'krs: --member-table-id must be >= 1\n',
    )
  })

  it('a missing required flag', async () => {
    expect(await refused(['get-member-info', '--member-table-id', '1'])).toBe('krs: --member-id is required\n')
  })

  it('an enum', async () => {
    expect(
      await refused(['get-addresses-for-delivery', '--delivery-id', '1', '--type', 'bogus', '--offset', '0']),
    ).toBe(
      'krs: --type must be one of "stopped", "no_address", "blacklist", "unsubscribed_address", "error", "valid"\n',
    )
  })

  it('a boolean', async () => {
    expect(await refused(['enable-agent-program', '--agent-program-id', '1', '--enable', 'maybe'])).toBe(
      'krs: --enable must be true or false (got "maybe")\n',
    )
  })

  it('a nested object is checked inside, with the path', async () => {
    const err = await refused([
      'add-delivery-schedule',
      '--mail-message-id',
      '1',
      '--delivery-info',
      '{"title":"x","condition_id":1,"element_id":4}',
    ])
    expect(err).toBe('krs: --delivery-info (/delivery_date) is required\n')
  })

  it('invalid JSON in an object flag', async () => {
    expect(await refused(['add-member', '--member-table-id', '1', '--member-info', '{nope'])).toMatch(
      /^krs: --member-info: invalid JSON: /,
    )
  })

  it('@file.json for an object flag, and a missing file', async () => {
    expect(await refused(['add-member', '--member-table-id', '1', '--member-info', '@/nonexistent/member.json'])).toBe(
      'krs: --member-info: cannot read /nonexistent/member.json: ENOENT\n',
    )
  })

  it('--body that is not an object', async () => {
    expect(await refused(['get-member-tables', '--body', '[1]'])).toBe(
      'krs: --body: the body in the argument must be a JSON object\n',
    )
  })

  it('an unknown key in --body', async () => {
    expect(await refused(['get-member-tables', '--body', '{"x":1}'])).toBe(
      'krs: --x: unknown key "x" for this operation\n',
    )
  })

  it('an unknown flag and an unknown command', async () => {
    expect(await refused(['get-member-tables', '--nope'])).toMatch(/unknown option '--nope'/)
    expect(await refused(['get-member-tablez'])).toMatch(/unknown command 'get-member-tablez'[\s\S]*get-member-tables/)
  })

  it('--all on an operation without pages', async () => {
    expect(await refused(['get-member-tables', '--all'])).toBe('krs: --all: get_member_tables has no pages\n')
  })

  it('--output with an unknown format', async () => {
    expect(await refused(['get-member-tables', '-o', 'xml'])).toBe(
      'krs: --output must be one of json, yaml, table, csv (got "xml")\n',
    )
  })

  it('no environment configured', async () => {
    const r = await runKrs(['get-member-tables'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^krs: no environment: give --env-id or --base-url/)
  })

  it('the body key named like a krs flag gets --<key>-value (upload_stored_files body)', async () => {
    const r = await runKrs(
      ['--dry-run', 'upload-stored-files', '--file-name', 'a.csv', '--body-value', 'e_4\na@example.com\n'],
      { env },
    )
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`--data-raw '{"file_name":"a.csv","body":"e_4\\na@example.com\\n"}'`)
  })

  it('a union flag takes JSON, or text when it is not JSON', async () => {
    const asText = await runKrs(
      [
        '--dry-run',
        'validate-member-form-parameter',
        '--form-id',
        '1',
        '--form-element-name',
        'e_4',
        '--parameter',
        'a@example.com',
      ],
      { env },
    )
    expect(asText.stdout).toContain('"parameter":"a@example.com"')
    const asArray = await runKrs(
      [
        '--dry-run',
        'validate-member-form-parameter',
        '--form-id',
        '1',
        '--form-element-name',
        'e_13',
        '--parameter',
        '[1,6]',
      ],
      { env },
    )
    expect(asArray.stdout).toContain('"parameter":[1,6]')
  })
})
