import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { operationNames } from '@krs-kit/contract/operation-names'
import { runKrs } from './support/memory-io.js'
import { inShell, missingShell } from './support/shells.js'

/** `krs __complete`, in process: the words it offers for `krs <line>` (the last word is the one under the cursor). */
async function offered(line: string, env: Record<string, string> = {}): Promise<{ kind: string; values: string[] }> {
  const words = line.split(' ')
  const current = words.pop() ?? ''
  const r = await runKrs(['__complete', `--current=${current}`, '--', ...words], { env })
  expect(r.code).toBe(0)
  const [kind = '', ...rest] = r.stdout.trimEnd().split('\n')
  return { kind, values: rest.map((l) => l.split('\t')[0] as string).filter((v) => v.startsWith(current)) }
}

/** A profile file with two profiles, and a PATH whose `krs` is this checkout's built CLI. */
function shellEnv(): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'krs-completion-'))
  mkdirSync(join(home, 'krs'))
  writeFileSync(
    join(home, 'krs', 'config.json'),
    JSON.stringify({ current: 'dev', profiles: { dev: {}, staging: {} } }),
  )
  const bin = join(home, 'bin')
  mkdirSync(bin)
  const launcher = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'krs.cjs')
  writeFileSync(join(bin, 'krs'), `#!/bin/sh\nexec "${process.execPath}" "${launcher}" "$@"\n`)
  chmodSync(join(bin, 'krs'), 0o755)
  return { XDG_CONFIG_HOME: home, PATH: `${bin}:${process.env.PATH}`, LANG: 'C.UTF-8' }
}

/** The cases every shell is driven through: a command line (cursor at its end) and what TAB offers. */
const cases: [string, string[]][] = [
  ['krs mock clock ', ['advance', 'mode', 'set']],
  ['krs mock clock mode ', ['manual', 'real']],
  ['krs get-member-ta', ['get-member-table-element-config', 'get-member-table-elements', 'get-member-tables']],
  ['krs --token t get-member-info --member-', ['--member-id', '--member-table-id']],
  ['krs -o ', ['csv', 'json', 'table', 'yaml']],
  ['krs config use ', ['dev', 'staging']],
  ['krs wait delivery --phase ', ['0', '1', '2', '3']],
  [
    'krs help get-member-i',
    [
      'get-member-info',
      'get-member-info-for-update',
      'get-member-infos-by-condition',
      'get-member-infos-by-oneshot-condition',
    ],
  ],
]

describe('krs __complete: the candidates follow the command tree at every depth', () => {
  it('subcommands of a nested command, not the whole list of its parent', async () => {
    expect((await offered('mock clock ')).values.sort()).toEqual(['advance', 'mode', 'set'])
    expect((await offered('mock tenants ')).values.sort()).toEqual(['create', 'delete', 'list'])
    expect((await offered('mock faults ')).values.sort()).toEqual(['add', 'clear'])
  })

  it('flags of the command under the cursor, with the global ones', async () => {
    const flags = (await offered('mock faults add --')).values
    expect(flags).toEqual(expect.arrayContaining(['--operation', '--error-code', '--count', '--token', '--help']))
    expect(flags).not.toContain('--seed')
    expect((await offered('get-member-info --member-')).values).toEqual(['--member-table-id', '--member-id'])
  })

  it('values where they are known: flag enums (contract and CLI), operation names, profile names, positionals', async () => {
    expect((await offered('--lang ')).values).toEqual(['ja', 'en'])
    expect((await offered('mock faults add --operation get_member_t')).values).toEqual([
      'get_member_tables',
      'get_member_table_elements',
      'get_member_table_element_config',
    ])
    expect((await offered('mock events ')).values).toEqual(['click', 'open', 'bounce', 'unsubscribe'])
    expect((await offered('completion ')).values).toEqual(['bash', 'zsh', 'fish', 'powershell'])
    const home = shellEnv()
    expect((await offered('config use ', { XDG_CONFIG_HOME: home.XDG_CONFIG_HOME as string })).values).toEqual([
      'dev',
      'staging',
    ])
    expect((await offered('members import --mode ')).values).toEqual(['0', '1', '2', '3'])
  })

  it('`help` offers the commands in both spellings, as the top level does', async () => {
    expect((await offered('help get-member-info-f')).values).toEqual(['get-member-info-for-update'])
    expect((await offered('help get_member_info_f')).values).toEqual(['get_member_info_for_update'])
    expect((await offered('help mo')).values).toEqual(['mock'])
  })

  it('a flag value that is a file or a folder is left to the shell', async () => {
    expect((await offered('members import --file ')).kind).toBe(':files')
    expect((await offered('mock --data-dir ')).kind).toBe(':dirs')
  })

  it('a value flag consumes its value: the next word is still completed as a command', async () => {
    expect((await offered('--profile dev mock clo')).values).toEqual(['clock'])
  })
})

describe('a shell missing in CI', () => {
  it('fails naming the shell and how to install it, not with an empty output', () => {
    expect(missingShell('krs-no-such-shell')).toBe(
      'krs-no-such-shell is not installed on this machine (CI needs it: apt-get install krs-no-such-shell)',
    )
    expect(missingShell('sh')).toBeUndefined()
  })
})

describe('krs completion scripts, run in each shell', () => {
  const env = shellEnv()

  it('bash', async () => {
    const script = (await runKrs(['completion', 'bash'])).stdout
    expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0)
    for (const [line, expected] of cases) {
      const words = line.split(' ')
      const run = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _krs; printf '%s\\n' "\${COMPREPLY[@]}"`
      const r = spawnSync('bash', ['-c', run], { encoding: 'utf8', env })
      expect(r.stdout.trim().split('\n').sort(), line).toEqual(expected)
    }
  })

  inShell('zsh', 'zsh', async () => {
    const script = (await runKrs(['completion', 'zsh'])).stdout
    // compsys itself needs a terminal: its two entry points print what they were given instead.
    const stubs = `_describe() { local item; for item in "\${(@P)4}"; do print -r -- "\${item%%:*}"; done }
_files() { print -r -- ':files' }
compdef() { : }`
    for (const [line, expected] of cases) {
      const words = line.split(' ')
      const run = `${stubs}\n${script}\nwords=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; _krs`
      const r = spawnSync('zsh', ['-f', '-c', run], { encoding: 'utf8', env })
      expect(r.stderr, line).toBe('')
      const prefix = words[words.length - 1] as string
      const got = r.stdout
        .trim()
        .split('\n')
        .filter((v) => v.startsWith(prefix))
      expect(got.sort(), line).toEqual(expected)
    }
  })

  inShell('fish', 'fish', async () => {
    const script = (await runKrs(['completion', 'fish'])).stdout
    for (const [line, expected] of cases) {
      const r = spawnSync('fish', ['--no-config', '-c', `${script}\ncomplete -C ${JSON.stringify(line)}`], {
        encoding: 'utf8',
        env,
      })
      expect(r.stderr, line).toBe('')
      const got = r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0])
      expect(got.sort(), line).toEqual(expected)
    }
  })

  it('PowerShell (by content: no pwsh in Debian): a native argument completer asking krs __complete', async () => {
    const r = await runKrs(['completion', 'powershell'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Register-ArgumentCompleter -Native -CommandName krs')
    expect(r.stdout).toContain('krs __complete "--current=$wordToComplete" -- @before')
    expect(r.stdout).toContain('[System.Management.Automation.CompletionResult]::new(')
    expect((await runKrs(['completion', 'pwsh'])).stdout).toBe(r.stdout)
  })

  it('the operations are all reachable from the top', async () => {
    const top = (await offered('')).values
    for (const name of operationNames) expect(top).toContain(name)
  })

  it('an unknown shell is a usage error', async () => {
    const r = await runKrs(['completion', 'tcsh'])
    expect(r.code).toBe(2)
  })
})
