import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

// The READMEs' shell blocks are copied into terminals: a user who installed the kit into a
// project (npm install -D) has `krs` and `krs-mock` in node_modules/.bin, not on the PATH, so
// every command calls them through `npx`.
const root = fileURLToPath(new URL('..', import.meta.url))
const SHELL = new Set(['sh', 'bash', 'shell', 'console', 'zsh', ''])

/** `file:line: text` of each command in a shell block that starts with a bare `krs`/`krs-mock`. */
function bareCalls(file: string, text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```/gm)) {
    if (!SHELL.has(m[1] ?? '')) continue
    const first = text.slice(0, m.index).split('\n').length + 1
    for (const [i, line] of (m[2] ?? '').split('\n').entries()) {
      const code = line.replace(/(^|\s)#.*$/, '')
      // each command of the line: after &&, ||, |, ; and inside $( )
      for (const part of code.split(/&&|\|\||[|;]|\$\(/)) {
        const command = part
          .trim()
          .replace(/^\$\s+/, '') // a prompt
          .replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+/, '') // VAR=value prefixes
        if (/^krs(?:-mock)?(?:\s|$)/.test(command)) found.push(`${file}:${first + i}: ${line.trim()}`)
      }
    }
  }
  return found
}

it('finds bare calls after a prompt, a variable, a pipe or inside $( ), not in comments or npx calls', () => {
  const sample = [
    '```sh',
    'npx krs get-version',
    '$ krs get-version',
    'KRS_API_TOKEN=x krs-mock --port 0',
    'echo 1 | krs members import --table 1',
    'id=$(krs get-member-tables -o json)',
    'npx krs-mock   # then: krs mock clock',
    '```',
    '```ts',
    "krs('not shell')",
    '```',
  ].join('\n')
  expect(bareCalls('x.md', sample)).toEqual([
    'x.md:3: $ krs get-version',
    'x.md:4: KRS_API_TOKEN=x krs-mock --port 0',
    'x.md:5: echo 1 | krs members import --table 1',
    'x.md:6: id=$(krs get-member-tables -o json)',
  ])
})

it('no README shell block calls krs or krs-mock bare', () => {
  const readmes = execFileSync('git', ['ls-files', '*README.md'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /(^|\/)README\.md$/.test(f))
  expect(readmes).toContain('cli/README.md')
  const found = readmes.flatMap((f) => bareCalls(f, readFileSync(join(root, f), 'utf8')))
  expect(found).toEqual([])
})
