import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The emulator's door, kernel and program stay readable one function at a time: no hand-written
// function (declaration, method, arrow or function expression, nested ones counted on their own)
// longer than one screen. Generated files are not under these folders.
const MAX_LINES = 80
const srcRoot = fileURLToPath(new URL('../../src/', import.meta.url))
const folders = ['kernel', 'node', 'program']

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return tsFiles(path)
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : []
  })
}

interface LongFunction {
  where: string
  lines: number
}

/** Every function-like node of a source text longer than `max` lines (exported for the self-test). */
export function longFunctions(fileName: string, text: string, max: number): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const found: LongFunction[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines > max) {
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)'
        found.push({ where: `${fileName}:${start + 1} ${name}`, lines })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('function length in kernel/, node/ and program/', () => {
  it('finds a long function (self-test)', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i}`).join('\n')
    expect(longFunctions('x.ts', `function f() {\n${body}\n}\n`, MAX_LINES)).toHaveLength(1)
    expect(longFunctions('x.ts', 'const g = () => 1\n', MAX_LINES)).toEqual([])
  })

  it(`has no hand-written function over ${MAX_LINES} lines`, () => {
    const long = folders
      .flatMap((f) => tsFiles(join(srcRoot, f)))
      .flatMap((file) => longFunctions(relative(srcRoot, file), readFileSync(file, 'utf8'), MAX_LINES))
    expect(long.map((l) => `${l.where} (${l.lines} lines)`)).toEqual([])
  })
})
