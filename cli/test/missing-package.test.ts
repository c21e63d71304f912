import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isMissingPackage } from '../src/missing-package.js'

// `krs mock`, `krs mcp`, `verify` and `--anonymize` load optional packages: from the sources with
// import(), from the CommonJS build with require(). Either way, a package that is not installed
// must be told apart from one that is installed but fails to load something it needs. The errors
// here are Node's own, from a project folder with one broken package and no other.
const project = mkdtempSync(join(tmpdir(), 'krs-missing-'))
const broken = join(project, 'node_modules', 'broken-pkg')
mkdirSync(broken, { recursive: true })
writeFileSync(join(broken, 'package.json'), JSON.stringify({ name: 'broken-pkg', main: 'index.js' }))
writeFileSync(join(broken, 'index.js'), "require('needed-by-broken')\n")

afterAll(() => rmSync(project, { recursive: true, force: true }))

/** The error Node gives when a fresh process in the project loads `specifier` (vitest's own loader stays out of it). */
function loadError(how: 'require' | 'import', specifier: string): NodeJS.ErrnoException {
  const load = how === 'require' ? `Promise.resolve().then(() => require(s))` : `import(s)`
  const script = `const s = ${JSON.stringify(specifier)}; ${load}.then(() => console.log('null'), (e) => console.log(JSON.stringify({ code: e.code, message: e.message })))`
  const r = spawnSync(process.execPath, ['-e', script], { cwd: project, encoding: 'utf8' })
  const seen = JSON.parse(r.stdout) as { code: string; message: string } | null
  if (!seen) throw new Error(`${specifier} loaded`)
  return Object.assign(new Error(seen.message), { code: seen.code })
}

describe('isMissingPackage', () => {
  it('knows a package that is not installed, from require() and from import(), by name or subpath', () => {
    expect(isMissingPackage(loadError('require', '@krs-kit/mock-server/program'), '@krs-kit/mock-server')).toBe(true)
    expect(isMissingPackage(loadError('require', '@krs-kit/mcp'), '@krs-kit/mcp')).toBe(true)
    expect(isMissingPackage(loadError('import', '@krs-kit/mock-server/program'), '@krs-kit/mock-server')).toBe(true)
    expect(isMissingPackage(loadError('import', '@faker-js/faker'), '@faker-js/faker')).toBe(true)
  })

  it('does not take an installed package that misses a dependency for a missing package', () => {
    expect(isMissingPackage(loadError('require', 'broken-pkg'), 'broken-pkg')).toBe(false)
    expect(isMissingPackage(loadError('import', 'broken-pkg'), 'broken-pkg')).toBe(false)
    expect(isMissingPackage(loadError('require', '@krs-kit/mcp'), '@krs-kit/mc')).toBe(false)
    expect(isMissingPackage(new Error('boom'), '@krs-kit/mcp')).toBe(false)
  })
})
