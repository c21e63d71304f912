import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildCli } from './support/spawn-krs.js'

/**
 * What the built `krs` loads to start: every module a command loads is recorded by a module
 * resolve hook (node --import), so these tests see what a user's process reads. `--help` needs
 * neither Ajv nor the operation registry; an operation without arguments (`get-version`) sends
 * `{}` without loading Ajv; an operation with arguments does load it (which shows the trace
 * sees Ajv when it is there).
 */
let bin = ''
const dir = mkdtempSync(join(tmpdir(), 'krs-startup-'))
const log = join(dir, 'loaded.txt')

beforeAll(() => {
  bin = buildCli()
  const hooks = join(dir, 'hooks.mjs')
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context)
  appendFileSync(${JSON.stringify(log)}, r.url + '\\n')
  return r
}
`,
  )
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(hooks).href)})\n`,
  )
}, 180_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The files (paths) a `krs` run loaded, and its exit code. */
function loaded(argv: string[]): { code: number | null; files: string[]; stdout: string } {
  rmSync(log, { force: true })
  const r = spawnSync(process.execPath, ['--import', join(dir, 'register.mjs'), bin, ...argv], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', KRS_API_TOKEN: 'krs-all', KRS_BASE_URL: 'http://127.0.0.1:9' },
  })
  const files = readFileSync(log, 'utf8')
    .split('\n')
    .filter((u) => u.startsWith('file:'))
    .map((u) => fileURLToPath(u))
  return { code: r.status, files, stdout: r.stdout }
}

const ajv = (f: string) => /[\\/]node_modules[\\/]ajv(?:-formats)?[\\/]/.test(f)
/** The operation registry: the only module holding the contract's response schemas. */
const registry = (f: string) => f.endsWith('.js') && readFileSync(f, 'utf8').includes('responseSchema')

it('krs --help loads no Ajv and no operation registry', () => {
  const r = loaded(['--help'])
  expect(r.code).toBe(0)
  expect(r.files.length).toBeGreaterThan(1)
  expect(r.files.filter(ajv)).toEqual([])
  expect(r.files.filter(registry)).toEqual([])
})

it('krs get-version (no arguments) compiles no schema: Ajv is not loaded', () => {
  const r = loaded(['get-version', '--dry-run'])
  expect(r.code).toBe(0)
  expect(r.stdout).toContain('/api/v1/get_version')
  expect(r.files.filter(ajv)).toEqual([])
})

it('an operation with arguments loads Ajv to check its body (and the registry)', () => {
  const r = loaded(['get-member-info', '--member-table-id', '1', '--member-id', '1', '--dry-run'])
  expect(r.code).toBe(0)
  expect(r.files.filter(ajv).length).toBeGreaterThan(0)
  expect(r.files.filter(registry).length).toBeGreaterThan(0)
})
