import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { operations } from '@krs-kit/contract/operations'
import { orList, pickLang, setLang, t } from '../src/i18n/lang.js'
import { messages } from '../src/i18n/messages.js'
import { buildProgram } from '../src/program.js'
import { silentIo } from '../src/io.js'
import { runKrs } from './support/memory-io.js'

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the message catalogue', () => {
  it('every message has a Japanese and an English text with the same placeholders', () => {
    for (const [key, m] of Object.entries(messages)) {
      expect(m.ja.trim(), key).not.toBe('')
      expect(m.en.trim(), key).not.toBe('')
      expect(placeholders(m.ja), key).toEqual(placeholders(m.en))
    }
  })

  it('Japanese texts are Japanese (kana or kanji), English texts are not', () => {
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/
    // Texts that are the same in both: command syntax and names.
    const same = new Set(
      Object.entries(messages)
        .filter(([, m]) => m.ja === m.en)
        .map(([k]) => k),
    )
    for (const [key, m] of Object.entries(messages)) {
      if (same.has(key)) continue
      // A Japanese text has Japanese in it, or no words at all (`API（{title}）:`).
      const words = m.ja
        .replace(/\{\w+\}/g, '')
        .replace(/--?[\w-]+|https?:\S+|\b[A-Z_]+\b|\b(json|yaml|table|csv|real|manual|ja|en)\b/g, '')
      expect(japanese.test(m.ja) || !/[A-Za-z]{2,}/.test(words), key).toBe(true)
      expect(japanese.test(m.en), key).toBe(false)
    }
  })

  it('the language: --lang, then LC_ALL, LC_MESSAGES, LANG; Japanese for ja*, else English', () => {
    expect(pickLang([], {})).toBe('en')
    expect(pickLang([], { LANG: 'C' })).toBe('en')
    expect(pickLang([], { LANG: 'ja_JP.UTF-8' })).toBe('ja')
    expect(pickLang([], { LANG: 'ja' })).toBe('ja')
    expect(pickLang([], { LANG: 'ja_JP.UTF-8', LC_ALL: 'en_US.UTF-8' })).toBe('en')
    expect(pickLang([], { LANG: 'en_US.UTF-8', LC_MESSAGES: 'ja_JP.UTF-8' })).toBe('ja')
    expect(pickLang(['--lang', 'ja', '--help'], { LANG: 'C' })).toBe('ja')
    expect(pickLang(['--lang=en'], { LANG: 'ja_JP.UTF-8' })).toBe('en')
    expect(pickLang(['--lang', 'de'], {})).toEqual({ invalid: 'de' })
    expect(pickLang(['--', '--lang', 'de'], {})).toBe('en')
  })

  it('t() fills placeholders; orList joins choices in each language', () => {
    setLang('en')
    expect(t('err.integer', { name: '--id', value: 'x' })).toBe('--id must be an integer (got "x")')
    expect(orList([0, 1, 2, 3])).toBe('0, 1, 2 or 3')
    setLang('ja')
    expect(t('err.integer', { name: '--id', value: 'x' })).toBe('--id は整数です（"x"）')
    expect(orList(['real', 'manual'])).toBe('real、manual')
  })
})

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/

/** Every command path of the tree except the API operations (whose help is the contract's Japanese text). */
async function ownCommandPaths(): Promise<string[][]> {
  const program = await buildProgram(silentIo(process.cwd()), () => true)
  const apiNames = new Set<string>(Object.keys(operations))
  const paths: string[][] = [[]]
  const walk = (c: Command, at: string[]) => {
    for (const sub of c.commands) {
      if (at.length === 0 && (apiNames.has(sub.name()) || apiNames.has(sub.name().replace(/-/g, '_')))) continue
      paths.push([...at, sub.name()])
      walk(sub, [...at, sub.name()])
    }
  }
  walk(program, [])
  return paths
}

describe('every message of the CLI in the chosen language', () => {
  it('--lang en: no Japanese in the help of any command of its own (workflows, mock, config, completion, …)', async () => {
    const paths = await ownCommandPaths()
    expect(paths.length).toBeGreaterThan(20)
    // The root help lists the API operations under their areas with the contract's (Japanese) summaries: data.
    const contractLine = (l: string) =>
      /^API \(.*\):$/.test(l) || (/^ {2}([a-z_]+) /.test(l) && /^ {2}([a-z_]+) /.exec(l)![1]! in operations)
    for (const path of paths) {
      const r = await runKrs([...path, '--help', '--lang', 'en'])
      const lines = `${r.stdout}${r.stderr}`.split('\n').filter((l) => japanese.test(l) && !contractLine(l))
      expect(lines, `krs ${path.join(' ')} --help --lang en`).toEqual([])
    }
  })

  it('--lang ja: the same helps are in Japanese', async () => {
    for (const path of await ownCommandPaths()) {
      const r = await runKrs([...path, '--help', '--lang', 'ja'])
      expect(japanese.test(r.stdout), `krs ${path.join(' ')} --help --lang ja`).toBe(true)
    }
  })

  it('config list speaks the chosen language, also under LANG=C.UTF-8 with --lang en', async () => {
    const env = { LANG: 'C.UTF-8', XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'krs-lang-')) }
    const empty = await runKrs(['config', 'list', '--lang', 'en'], { env })
    expect(empty.stdout).toContain('(no profiles)')
    await runKrs(['config', 'set', 'env-id', 'env1'], { env })
    const en = await runKrs(['config', 'list', '--lang', 'en'], { env })
    expect(en.stdout).toContain('(not set)')
    expect(en.stdout).toContain('# values in effect')
    expect(en.stdout).toContain(' (default)')
    expect(en.stdout).not.toMatch(japanese)
    const ja = await runKrs(['config', 'list', '--lang', 'ja'], { env })
    expect(ja.stdout).toContain('(未設定)')
    expect(ja.stdout).toContain('# 使われる値')
  })
})
