import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { entryPoints } from '../../entry-points.js'

// Other packages reach the emulator through its entry points only (package.json `exports`,
// entry-points.ts): a file under src/ can then move without breaking the playground, the
// benchmarks or the cross tests.
const repo = fileURLToPath(new URL('../../../', import.meta.url))
const src = fileURLToPath(new URL('../../src/', import.meta.url))
const CODE = /\.(?:[cm]?[jt]s|tsx)$/
const SKIP = new Set(['node_modules', 'dist', 'build', '.docusaurus', '.generated', '.git', 'playground-runtime'])

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (SKIP.has(d.name)) return []
    const path = join(dir, d.name)
    if (d.isDirectory()) return path === join(repo, 'mock-server') ? [] : codeFiles(path)
    return CODE.test(d.name) ? [path] : []
  })
}

/** Import specifiers of a file (static, dynamic, require, export … from). */
function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)
}

/** The string literals of a file (comments are not read). */
function stringsOf(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text)
  const out: string[] = []
  for (let k = scanner.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = scanner.scan()) {
    if (
      k === ts.SyntaxKind.StringLiteral ||
      k === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      k === ts.SyntaxKind.TemplateHead
    )
      out.push(scanner.getTokenValue())
  }
  return out
}

const inSrc = (path: string) => path === src.slice(0, -1) || path.startsWith(src)
const names = new Set(Object.keys(entryPoints))

/** What a file does that reaches into src/ (empty when it uses the entry points only). */
function offences(file: string, text: string): string[] {
  const found: string[] = []
  const specs = importsOf(text)
  for (const spec of specs) {
    if (spec.startsWith('.') && inSrc(resolve(dirname(file), spec))) found.push(`imports ${spec}`)
    else if (spec.startsWith('@krs-kit/mock-server') && !names.has(spec)) found.push(`imports ${spec}`)
  }
  // Paths in configs (aliases, spawned programs). The generator writes src/generated/: its
  // output directories are named in its own sources and tests.
  if (!relative(repo, file).startsWith(`generator${sep}`))
    for (const s of stringsOf(text))
      if (!specs.includes(s) && /mock-server\/src(?:\/|$)/.test(s)) found.push(`names '${s}'`)
  return found
}

describe('the emulator’s boundary', () => {
  it('finds an import into src/, a deep package path and a source path in a config', () => {
    const file = join(repo, 'bench', 'example.ts')
    expect(offences(file, "import { x } from '../mock-server/src/emulator.js'\n")).toEqual([
      'imports ../mock-server/src/emulator.js',
    ])
    expect(offences(file, "const m = await import('@krs-kit/mock-server/dist/index.js')\n")).toEqual([
      'imports @krs-kit/mock-server/dist/index.js',
    ])
    expect(offences(file, "export default { alias: here('../mock-server/src/index.ts') }\n")).toEqual([
      "names '../mock-server/src/index.ts'",
    ])
    expect(
      offences(file, "// see mock-server/src/kernel\nimport { createEngine } from '@krs-kit/mock-server'\n"),
    ).toEqual([])
  })

  it('no file outside mock-server/ reaches into mock-server/src/', () => {
    const files = codeFiles(repo)
    // the scan sees the packages that use the emulator
    for (const f of ['bench/delivery-100k.ts', 'playground/runtime/engine-worker.ts', 'test/support/contract.ts'])
      expect(files).toContain(join(repo, f))
    const found = files.flatMap((f) => offences(f, readFileSync(f, 'utf8')).map((o) => `${relative(repo, f)}: ${o}`))
    expect(found).toEqual([])
  })
})
