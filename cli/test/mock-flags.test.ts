import { runCli } from '@krs-kit/mock-server/program'
import { describe, expect, it, vi } from 'vitest'
import { mockArgv } from '../src/mock/run-mock.js'
import { runKrs } from './support/memory-io.js'

/** The flags (`--name`) a help text lists in its options section. */
function flagsOf(help: string): string[] {
  const options = help.slice(help.indexOf('Options:'), help.search(/\n(?:Commands|Global Options):/) >>> 0)
  return [...new Set([...options.matchAll(/^\s+(?:-\w, )?(--[a-z][a-z-]*)/gm)].map((m) => m[1]!))].sort()
}

/** `krs-mock --help`, as the emulator's program prints it (in English: its help follows the locale). */
async function krsMockHelp(): Promise<string> {
  vi.stubEnv('LC_ALL', 'C')
  try {
    const out: string[] = []
    const running = await runCli(['--help'], { out: (t) => void out.push(t), err: () => {} })
    expect(running).toBeNull()
    return out.join('')
  } finally {
    vi.unstubAllEnvs()
  }
}

describe('krs mock takes the flags of krs-mock', () => {
  it('krs mock --help lists every flag krs-mock --help lists, and no other', async () => {
    const mock = await krsMockHelp()
    const krs = await runKrs(['mock', '--help', '--lang', 'en'])
    expect(krs.code).toBe(0)
    const expected = flagsOf(mock)
    // the scan finds the flags that `krs mock` could not take before it read the table
    expect(expected).toEqual(expect.arrayContaining(['--now', '--cors', '--smtp', '--public-url', '--help']))
    expect(expected.length).toBeGreaterThanOrEqual(18)
    // --version is the program's own: `krs --version` (global) answers it for the CLI.
    expect(flagsOf(krs.stdout)).toEqual(expected.filter((f) => f !== '--version'))
  })

  it('the help of krs mock is Japanese with --lang ja (the table carries both)', async () => {
    const krs = await runKrs(['mock', '--help', '--lang', 'ja'])
    expect(krs.stdout).toContain('--smtp <url>')
    expect(krs.stdout).toMatch(/--port <n>\s+ポート。0 で空いているポート（既定 4010）/)
  })

  it('every flag given to krs mock reaches krs-mock, in the table’s spelling', () => {
    expect(
      mockArgv({
        port: '0',
        clock: 'manual',
        dataDir: '/tmp/x',
        quiet: true,
        seed: '3',
        now: '2026-04-01T09:00:00+09:00',
        cors: '*',
        smtp: 'smtp://127.0.0.1:1025',
        publicUrl: 'http://localhost:4010',
        allowedHost: 'a.test',
        validateResponses: true,
        printScenario: false,
      }),
    ).toEqual([
      '--port',
      '0',
      '--seed',
      '3',
      '--clock',
      'manual',
      '--now',
      '2026-04-01T09:00:00+09:00',
      '--public-url',
      'http://localhost:4010',
      '--data-dir',
      '/tmp/x',
      '--allowed-host',
      'a.test',
      '--cors',
      '*',
      '--smtp',
      'smtp://127.0.0.1:1025',
      '--quiet',
      '--validate-responses',
    ])
  })

  it('a flag krs mock could not take before runs krs-mock with it (--print-scenario)', async () => {
    const r = await runKrs(['mock', '--print-scenario', '--lang', 'en'])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^tokens:|\ntokens:/)
  })

  it('krs-mock checks the values: a bad --smtp is a usage error (exit 2) with its message', async () => {
    const r = await runKrs(['mock', '--smtp', 'http://127.0.0.1:1025', '--lang', 'en'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--smtp must be an smtp:// or smtps:// URL')
  })
})
