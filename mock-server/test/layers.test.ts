import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The layers of src/ (ARCHITECTURE.md), bottom to top, and what each may import.
const src = fileURLToPath(new URL('../src/', import.meta.url))

type Layer = 'generated' | 'lib' | 'kernel' | 'domains' | 'scenario' | 'admin' | 'root' | 'doors' | 'program'
const allowed: Record<Layer, readonly Layer[]> = {
  generated: ['generated'],
  lib: ['lib', 'generated'],
  kernel: ['kernel', 'lib', 'generated'],
  domains: ['domains', 'kernel', 'lib', 'generated'],
  scenario: ['scenario', 'domains', 'kernel', 'lib', 'generated'],
  admin: ['admin', 'scenario', 'kernel', 'lib', 'generated'],
  root: ['root', 'admin', 'scenario', 'domains', 'kernel', 'lib', 'generated'],
  doors: ['doors', 'root', 'admin', 'scenario', 'domains', 'kernel', 'lib', 'generated'],
  // krs-mock: its flags, --data-dir store, --smtp loop and request log, around the Node door
  program: ['program', 'doors', 'root', 'admin', 'scenario', 'domains', 'kernel', 'lib', 'generated'],
}

function layerOf(file: string): Layer {
  const top = relative(src, file).split(sep)[0]!
  // internal.ts gathers parts of every layer, the doors' included, for the repository's tooling
  if (top === 'node' || top === 'msw' || top === 'internal.ts') return 'doors'
  if (top === 'program') return 'program'
  if (
    top === 'generated' ||
    top === 'lib' ||
    top === 'kernel' ||
    top === 'domains' ||
    top === 'scenario' ||
    top === 'admin'
  )
    return top
  return 'root' // emulator.ts, index.ts
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  )
}

/** Relative module specifiers of a file: static imports and re-exports, `import type`, dynamic import(), `declare module`. */
export function relativeImports(text: string): string[] {
  const out: string[] = []
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bdeclare\s+module\s+)(['"])(\.{1,2}\/[^'"]+)\1/g
  for (const m of code.matchAll(re)) out.push(m[2]!)
  return out
}

const files = filesUnder(src)
const edges = files.flatMap((file) =>
  relativeImports(readFileSync(file, 'utf8')).map((spec) => ({ file, target: resolve(dirname(file), spec) })),
)

describe('the layers of the emulator (ARCHITECTURE.md)', () => {
  it('finds the imports it checks (the scan is not empty)', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(edges.some((e) => layerOf(e.file) === 'kernel')).toBe(true)
    expect(
      relativeImports(
        "/** e.g. import '../a.js' */\nimport type { A } from '../domains/x.js'\nconst m = await import('../node/y.js')",
      ),
    ).toEqual(['../domains/x.js', '../node/y.js'])
  })

  it('the kernel imports nothing from the domains, the admin routes or the doors', () => {
    const bad = edges
      .filter(
        (e) =>
          layerOf(e.file) === 'kernel' &&
          ['domains', 'admin', 'doors', 'program', 'scenario', 'root'].includes(layerOf(e.target)),
      )
      .map((e) => `${relative(src, e.file)} → ${relative(src, e.target)}`)
    expect(bad).toEqual([])
  })

  it('the doors do not import the krs-mock program (the program is a layer above the Node door)', () => {
    const bad = edges
      .filter((e) => layerOf(e.file) === 'doors' && layerOf(e.target) === 'program')
      .map((e) => `${relative(src, e.file)} → ${relative(src, e.target)}`)
    expect(bad).toEqual([])
    // the layer exists and uses the door: the check above looks at real files
    expect(edges.some((e) => layerOf(e.file) === 'program' && relative(src, e.target).startsWith(`node${sep}`))).toBe(
      true,
    )
  })

  it('every layer imports only the layers below it', () => {
    const bad = edges
      .filter((e) => !allowed[layerOf(e.file)].includes(layerOf(e.target)))
      .map((e) => `${relative(src, e.file)} (${layerOf(e.file)}) → ${relative(src, e.target)} (${layerOf(e.target)})`)
    expect(bad).toEqual([])
  })
})
