import { describe, expect, it } from 'vitest'
import { CliUsageError, parseCliArgs } from '../../src/program/cli-args.js'
import { flagText, helpLangOf, KRS_MOCK_OPTIONS, krsMockUsage } from '../../src/program/options.js'

// The one option table of krs-mock: its parser and its help are built from it.
describe('the krs-mock option table', () => {
  it('the help lists every flag of the table, in English and in Japanese', () => {
    for (const lang of ['en', 'ja'] as const) {
      const help = krsMockUsage(lang)
      for (const o of KRS_MOCK_OPTIONS) {
        expect(help).toContain(flagText(o))
        expect(help).toContain(o.help[lang].split(' ')[0])
      }
    }
    expect(krsMockUsage('en')).toContain('--port N              port; 0 = any free port (default 4010)')
    expect(krsMockUsage('ja')).toContain('ポート。0 で空いているポート（既定 4010）')
    expect(krsMockUsage('ja')).toContain('オプション:')
  })

  it('the parser takes every flag of the table and no other', () => {
    for (const o of KRS_MOCK_OPTIONS.filter((x) => x.type === 'boolean')) {
      const attribute = o.name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())
      const parsed = parseCliArgs([`--${o.name}`]) as unknown as Record<string, unknown>
      expect(parsed[attribute], o.name).toBe(true)
    }
    const parsed = parseCliArgs([
      '--host=0.0.0.0',
      '--port=0',
      '--scenario=s.yaml',
      '--seed=7',
      '--members=3',
      '--clock=real',
      '--now=2026-04-01T09:00:00+09:00',
      '--public-url=http://localhost:4010/',
      '--data-dir=d',
      '--static=site',
      '--allowed-host=a.test, b.test',
      '--cors=http://localhost:3000',
      '--smtp=smtp://127.0.0.1:1025',
    ])
    expect(parsed).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      scenario: 's.yaml',
      seed: 7,
      members: 3,
      clock: 'real',
      clockSet: true,
      now: 1_775_001_600,
      publicUrl: 'http://localhost:4010',
      dataDir: 'd',
      staticDir: 'site',
      allowedHosts: ['a.test', 'b.test'],
      cors: ['http://localhost:3000'],
      smtp: 'smtp://127.0.0.1:1025',
    })
    expect(() => parseCliArgs(['--colour'])).toThrow(CliUsageError)
  })

  it('the defaults of the table apply when a flag is absent; --now alone makes the clock manual', () => {
    expect(parseCliArgs([])).toMatchObject({ host: '127.0.0.1', port: 4010, seed: 1, clock: 'real', cors: [] })
    expect(parseCliArgs(['--now', '0'])).toMatchObject({ clock: 'manual', clockSet: false, now: 0 })
  })

  it("the table's checks refuse bad values with the flag's own message", () => {
    expect(() => parseCliArgs(['--port', '65536'])).toThrow('--port must be an integer from 0 to 65535 (got "65536")')
    expect(() => parseCliArgs(['--cors', 'http://a.test/path'])).toThrow(/--cors takes origins/)
    expect(() => parseCliArgs(['--public-url', 'ftp://x'])).toThrow(/--public-url must be an http/)
  })

  it('helps in Japanese under a ja locale, else in English', () => {
    expect(helpLangOf({ LANG: 'ja_JP.UTF-8' })).toBe('ja')
    expect(helpLangOf({ LC_ALL: 'C', LANG: 'ja_JP.UTF-8' })).toBe('en')
    expect(helpLangOf({})).toBe('en')
  })
})
