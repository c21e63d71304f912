import { spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildCli, ensureMockServerBuild, startMock } from './support/spawn-krs.js'

/**
 * What the built `krs` loads to start: every module a command loads is recorded by a module
 * resolve hook (node --import), and Node's own modules by `process.moduleLoadList` at exit, so
 * these tests see what a user's process reads. `--help` needs neither Ajv nor the operation
 * registry; an operation without arguments (`get-version`) sends `{}` without loading Ajv, and
 * its call to krs-mock goes out without Node's fetch (undici); an operation with arguments does
 * load Ajv (which shows the trace sees Ajv when it is there).
 */
let bin = ''
let mock: { url: string; child: ChildProcess } | undefined
const dir = mkdtempSync(join(tmpdir(), 'krs-startup-'))
const log = join(dir, 'loaded.txt')
const builtins = join(dir, 'builtins.txt')

beforeAll(async () => {
  bin = buildCli()
  ensureMockServerBuild()
  mock = await startMock(bin, ['--quiet'], { XDG_CONFIG_HOME: dir })
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
    `import { register } from 'node:module'
import { writeFileSync } from 'node:fs'
register(${JSON.stringify(pathToFileURL(hooks).href)})
process.on('exit', () => writeFileSync(${JSON.stringify(builtins)}, process.moduleLoadList.join('\\n')))
`,
  )
}, 180_000)

afterAll(() => {
  mock?.child.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
})

/** The files (paths) and Node's own modules a `krs` run loaded, and its exit code. */
function loaded(
  argv: string[],
  baseUrl = 'http://127.0.0.1:9',
): { code: number | null; files: string[]; builtins: string[]; stdout: string; stderr: string } {
  rmSync(log, { force: true })
  rmSync(builtins, { force: true })
  const r = spawnSync(process.execPath, ['--import', join(dir, 'register.mjs'), bin, ...argv], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', KRS_API_TOKEN: 'krs-all', KRS_BASE_URL: baseUrl },
  })
  const files = readFileSync(log, 'utf8')
    .split('\n')
    .filter((u) => u.startsWith('file:'))
    .map((u) => fileURLToPath(u))
  return {
    code: r.status,
    files,
    builtins: readFileSync(builtins, 'utf8').split('\n'),
    stdout: r.stdout,
    stderr: r.stderr,
  }
}

const ajv = (f: string) => /[\\/]node_modules[\\/]ajv(?:-formats)?[\\/]/.test(f)
/** A module holding some operation's schemas: the registry, or one operation's chunk of it. */
const schemas = (f: string) => f.endsWith('.js') && readFileSync(f, 'utf8').includes('responseSchema')
/** The whole registry: the schemas of every operation (two far apart in the contract stand for all). */
const registry = (f: string) =>
  schemas(f) && readFileSync(f, 'utf8').includes('get_version') && readFileSync(f, 'utf8').includes('add_member')
const sdk = (f: string) => /[\\/]sdk[\\/](?:dist|src)[\\/]/.test(f)
/** Node's fetch (its bundled undici), which Node loads on the first touch of fetch, Headers, Request or Response. */
const undici = (m: string) => /undici/.test(m)

it('krs --help loads no Ajv, no operation schemas, no SDK and no node:http', () => {
  const r = loaded(['--help'])
  expect(r.code).toBe(0)
  expect(r.files.length).toBeGreaterThan(1)
  expect(r.files.filter(ajv)).toEqual([])
  expect(r.files.filter(schemas)).toEqual([])
  expect(r.files.filter(sdk)).toEqual([])
  expect(r.builtins.filter((m) => m === 'NativeModule http')).toEqual([])
})

it('krs get-version (no arguments) compiles no schema: Ajv is not loaded', () => {
  const r = loaded(['get-version', '--dry-run'])
  expect(r.code).toBe(0)
  expect(r.stdout).toContain('/api/v1/get_version')
  expect(r.files.filter(ajv)).toEqual([])
})

it('an operation with arguments loads Ajv to check its body, and its own schemas only', () => {
  const r = loaded(['get-member-info', '--member-table-id', '1', '--member-id', '1', '--dry-run'])
  expect(r.code).toBe(0)
  expect(r.files.filter(ajv).length).toBeGreaterThan(0)
  expect(r.files.filter(schemas).length).toBe(1)
  expect(r.files.filter(registry)).toEqual([])
})

it('krs get-version calls krs-mock without Node fetch (undici), Ajv or the registry', () => {
  const r = loaded(['get-version', '--verbose'], mock?.url)
  expect(r.stderr).toMatch(/^< 200 \d+ ms request-id \S+$/m)
  expect(r.code).toBe(0)
  expect(JSON.parse(r.stdout)).toEqual(expect.any(String))
  expect(r.builtins.filter(undici)).toEqual([])
  expect(r.builtins).toContain('NativeModule http')
  expect(r.files.filter(sdk).length).toBeGreaterThan(0)
  expect(r.files.filter(ajv)).toEqual([])
  expect(r.files.filter(registry)).toEqual([])
})

it('the admin commands reach krs-mock without Node fetch too (krs mock clock)', () => {
  const r = loaded(['mock', 'clock', '--base-url', mock?.url ?? ''])
  expect(r.code).toBe(0)
  expect(r.stdout).toMatch(/mode/)
  expect(r.builtins.filter(undici)).toEqual([])
})

it('the trace sees undici in a process that touches Headers (so the checks above can fail)', () => {
  rmSync(builtins, { force: true })
  const r = spawnSync(process.execPath, ['--import', join(dir, 'register.mjs'), '-e', 'globalThis.Headers'], {
    encoding: 'utf8',
  })
  expect(r.status).toBe(0)
  expect(readFileSync(builtins, 'utf8').split('\n').filter(undici).length).toBeGreaterThan(0)
})
