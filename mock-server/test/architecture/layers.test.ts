import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SYSTEM_TEXT_COLUMNS, SYSTEM_TIMESTAMP_COLUMNS } from '../../src/domains/member-db/system-columns.js'

// The layers of src/ (ARCHITECTURE.md), bottom to top, and what each may import.
const src = fileURLToPath(new URL('../../src/', import.meta.url))

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
  // internal.ts gathers parts of every layer, the doors' included, for the repository's tooling;
  // testing/ is a door for test suites (in process, or through the Node door when it listens)
  if (top === 'node' || top === 'msw' || top === 'testing' || top === 'internal.ts') return 'doors'
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
  relativeImports(readFileSync(file, 'utf8')).map((spec) => ({
    file,
    target: resolve(dirname(file), spec).replace(/\.js$/, '.ts'),
  })),
)

/**
 * Which other domains each domain may import (`domains/<name>/`). Every other import between
 * two domains fails, and so does a line here that no import uses any more.
 */
const domainImports: Record<string, readonly string[]> = {
  // mail's condition keys reach it through the composition root (createMemberDbModule)
  'member-db': [],
  // deliveries and agent programs target members through conditions
  mail: ['member-db'],
  // forms write members; a running import job affects them
  forms: ['member-db', 'batch'],
  // images belong to members; their URLs share the forms' public base URL
  'posted-images': ['member-db', 'forms'],
  // jobs read members through conditions (with mail's clauses) and import stored files
  batch: ['member-db', 'mail', 'stored-files'],
  'stored-files': [],
  zip: [],
  environment: [],
}

function domainOf(file: string): string | null {
  const parts = relative(src, file).split(sep)
  return parts[0] === 'domains' && parts.length > 2 ? parts[1]! : null
}

/** Every import circle of a graph (file → files it imports), each as a path that ends where it starts. */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (node: string): void => {
    state.set(node, 'open')
    path.push(node)
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue
      const s = state.get(next)
      if (s === 'open') circles.push([...path.slice(path.indexOf(next)), next])
      else if (s === undefined) visit(next)
    }
    path.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return circles
}

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

  it('a domain imports only the domains its line of the table lists', () => {
    const folders = readdirSync(join(src, 'domains'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
    expect(Object.keys(domainImports).sort()).toEqual(folders.sort())
    const used = new Set<string>()
    const bad: string[] = []
    for (const e of edges) {
      const from = domainOf(e.file)
      const to = domainOf(e.target)
      if (from === null || to === null || from === to) continue
      used.add(`${from} → ${to}`)
      if (!domainImports[from]?.includes(to)) bad.push(`${relative(src, e.file)} → ${relative(src, e.target)}`)
    }
    expect(bad).toEqual([])
    const listed = Object.entries(domainImports).flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`))
    expect(listed.filter((l) => !used.has(l))).toEqual([])
    // and the domains depend on each other one way only
    expect(importCircles(new Map(Object.entries(domainImports)))).toEqual([])
  })

  it('finds import circles, however long', () => {
    const g = (o: Record<string, string[]>) => new Map(Object.entries(o))
    expect(importCircles(g({ a: ['b'], b: ['c'], c: [] }))).toEqual([])
    expect(importCircles(g({ a: ['a'] }))).toEqual([['a', 'a']])
    expect(importCircles(g({ a: ['b'], b: ['c'], c: ['d', 'a'], d: [] }))).toEqual([['a', 'b', 'c', 'a']])
  })

  it('no file of src imports itself through others (no import circle, type imports included)', () => {
    const graph = new Map<string, string[]>(files.map((f) => [f, []]))
    for (const e of edges) graph.get(e.file)!.push(e.target)
    const circles = importCircles(graph).map((c) => c.map((f) => relative(src, f)).join(' → '))
    expect(circles).toEqual([])
  })

  it('the kernel and the scenario layer name no member column and no member state (member-db owns them)', () => {
    const names = [...SYSTEM_TIMESTAMP_COLUMNS, ...SYSTEM_TEXT_COLUMNS, 'memberDb', 'MemberColumns']
    // a system column or state name as a word, or an element key: e_12, `e_${id}`, 'e_'
    const quote = '[\'"`]'
    const pattern = new RegExp(`\\b(${names.join('|')})\\b|\\be_(\\d|\\$\\{|${quote})`)
    expect(
      pattern.test('cols.regist_date[row]') && pattern.test('{ e_16: [11, {}] }') && pattern.test('`e_$' + '{e.id}`'),
    ).toBe(true)
    expect(pattern.test('memberTables[0].elements') || pattern.test('type_e_x')).toBe(false)
    const named = files
      .filter((f) => ['kernel', 'scenario'].includes(layerOf(f)))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (pattern.test(line) ? [`${relative(src, f)}:${i + 1}: ${line.trim()}`] : [])),
      )
    expect(named).toEqual([])
  })
})
