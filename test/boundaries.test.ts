import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// Every workspace reaches another one through its package name and entry points only, never a
// file under its src/ or test/ (the cross tests' workspace, test/, is test code as a whole: its
// support modules are reached as @krs-kit/cross-tests/support/*). A file under src/ or test/ can
// then move without breaking another package, and a benchmark imports a package as a user does.
const repo = fileURLToPath(new URL('../', import.meta.url))
const CODE = /\.(?:[cm]?[jt]s|tsx)$/
const SKIP = new Set(['node_modules', 'dist', 'build', '.docusaurus', '.generated', '.git', '__snapshots__', 'fixture'])

const workspaces = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (SKIP.has(d.name) || d.name.startsWith('playground-runtime')) return []
    const path = join(dir, d.name)
    if (d.isDirectory()) return codeFiles(path)
    return CODE.test(d.name) ? [path] : []
  })
}

/** The workspace a path belongs to ('' for none). */
function workspaceOf(path: string): string {
  const rel = relative(repo, path).split(sep).join('/')
  return workspaces.find((w) => rel === w || rel.startsWith(`${w}/`)) ?? ''
}

/** What a path is inside its workspace: 'src/…', 'test/…' count as inside. */
function isInside(workspace: string, path: string): boolean {
  if (workspace === 'test') return true
  const rel = relative(join(repo, workspace), path).split(sep).join('/')
  return rel.startsWith('src/') || rel.startsWith('test/')
}

/** The imports of a file that reach into another workspace's src/ or test/. */
function offences(file: string): string[] {
  const own = workspaceOf(file)
  const text = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const { fileName: spec } of ts.preProcessFile(text, true, true).importedFiles) {
    if (spec.startsWith('.')) {
      const target = resolve(dirname(file), spec)
      const other = workspaceOf(target)
      if (other !== '' && other !== own && isInside(other, target)) found.push(spec)
    } else if (/^@krs-kit\/[^/]+\/(?:src|test)(?:\/|$)/.test(spec)) found.push(spec)
  }
  return found
}

describe('workspace boundaries', () => {
  const files = workspaces.flatMap((w) => codeFiles(join(repo, w)))

  it('scans every workspace', () => {
    const scanned = new Set(files.map(workspaceOf))
    expect([...scanned].sort()).toEqual([...workspaces].sort())
  })

  it('no workspace imports a file under another workspace’s src/ or test/', () => {
    const all = files.flatMap((f) => offences(f).map((spec) => `${relative(repo, f)}: ${spec}`))
    expect(all).toEqual([])
  })

  it('catches a relative import into another workspace and a deep package path', () => {
    const probe = join(repo, 'bench', 'probe.ts')
    const check = (spec: string) => {
      const target = resolve(dirname(probe), spec)
      return workspaceOf(target) !== 'bench' && isInside(workspaceOf(target), target)
    }
    expect(check('../mcp/src/contract.js')).toBe(true)
    expect(check('../test/support/spawn-mock.js')).toBe(true)
    expect(check('../mock-server/entry-points.js')).toBe(false)
    expect(check('./report.js')).toBe(false)
    expect(/^@krs-kit\/[^/]+\/(?:src|test)(?:\/|$)/.test('@krs-kit/cli/src/run.js')).toBe(true)
  })
})
