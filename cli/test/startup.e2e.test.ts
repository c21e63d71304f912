import { spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildCli, ensureMockServerBuild, startMock } from './support/spawn-krs.js'

/**
 * What the built `krs` loads to start: a script preloaded with `node --require` writes, at exit,
 * the files in the CommonJS module cache (the CLI is CommonJS, and so is every file it requires)
 * and Node's own modules (`process.moduleLoadList`), so these tests see what a user's process
 * reads. `--help` needs neither Ajv nor the operation registry; an API command runs without
 * commander and without Node's ES module loader; an operation without arguments (`get-version`)
 * sends `{}` without loading Ajv, and its call to krs-mock goes out without Node's fetch
 * (undici); an operation with arguments does load Ajv (which shows the trace sees Ajv when it
 * is there).
 */
let bin = ''
let mock: { url: string; child: ChildProcess } | undefined
const dir = mkdtempSync(join(tmpdir(), 'krs-startup-'))
const log = join(dir, 'loaded.txt')
const builtins = join(dir, 'builtins.txt')
const preload = join(dir, 'preload.cjs')

beforeAll(async () => {
  bin = buildCli()
  ensureMockServerBuild()
  mock = await startMock(bin, ['--quiet'], { XDG_CONFIG_HOME: dir })
  writeFileSync(
    preload,
    `const { writeFileSync } = require('node:fs')
process.on('exit', () => {
  writeFileSync(${JSON.stringify(log)}, Object.keys(require.cache).join('\\n'))
  writeFileSync(${JSON.stringify(builtins)}, process.moduleLoadList.join('\\n'))
})
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
  const r = spawnSync(process.execPath, ['--require', preload, bin, ...argv], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', KRS_API_TOKEN: 'krs-all', KRS_BASE_URL: baseUrl },
  })
  const files = readFileSync(log, 'utf8')
    .split('\n')
    .filter((f) => f !== '' && f !== preload)
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
const schemas = (f: string) => /\.c?js$/.test(f) && readFileSync(f, 'utf8').includes('responseSchema')
/** The whole registry: the schemas of every operation (two far apart in the contract stand for all). */
const registry = (f: string) =>
  schemas(f) && readFileSync(f, 'utf8').includes('get_version') && readFileSync(f, 'utf8').includes('add_member')
/** The SDK's code, compiled into the CLI: the module holding its request engine. */
const sdk = (f: string) => readFileSync(f, 'utf8').includes('function createRequestEngine(')
/** commander, compiled into the CLI (the error code of an unknown option is its own). */
const commander = (f: string) => /["']commander\.unknownOption["']/.test(readFileSync(f, 'utf8'))
/** Node's ES module loader runs a module: it is not set up unless something is imported as one. */
const esModuleLoader = (m: string) => m === 'NativeModule internal/modules/esm/module_job'
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
  expect(r.files.filter(commander).length).toBe(1)
  expect(r.builtins.filter(esModuleLoader)).toEqual([])
})

it('krs --version prints what commander prints for it, without loading commander', () => {
  const r = loaded(['--version'])
  expect(r.code).toBe(0)
  expect(r.files.filter(commander)).toEqual([])
  // With a second word the line goes to commander, which prints the version the same way.
  const viaCommander = loaded(['-V', '--no-color'])
  expect(viaCommander.files.filter(commander).length).toBe(1)
  expect(r.stdout).toBe(viaCommander.stdout)
  expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/)
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
  expect(r.files.filter(sdk).length).toBe(1)
  expect(r.files.filter(ajv)).toEqual([])
  expect(r.files.filter(registry)).toEqual([])
  expect(r.files.filter(commander)).toEqual([])
  expect(r.builtins.filter(esModuleLoader)).toEqual([])
  expect(r.builtins).not.toContain('NativeModule fs/promises')
})

it('node:fs/promises comes with a command that reads a file (--body @file), not before', () => {
  const file = join(dir, 'body.json')
  writeFileSync(file, JSON.stringify({ member_table_id: 1, member_id: 7 }))
  const r = loaded(['get-member-info', '--body', `@${file}`, '--dry-run'])
  expect(r.code).toBe(0)
  expect(r.stdout).toContain('"member_id":7')
  expect(r.builtins).toContain('NativeModule fs/promises')
})

it('an API command that its own reader leaves to commander runs through commander', () => {
  const r = loaded(['get-member-info', '--member-table-id', '1', '--member-id', '7', '-ojson', '--dry-run'])
  expect(r.code).toBe(0)
  expect(r.stdout).toContain('"member_id":7')
  expect(r.files.filter(commander).length).toBe(1)
})

it('the admin commands reach krs-mock without Node fetch too (krs mock clock)', () => {
  const r = loaded(['mock', 'clock', '--base-url', mock?.url ?? ''])
  expect(r.code).toBe(0)
  expect(r.stdout).toMatch(/mode/)
  expect(r.builtins.filter(undici)).toEqual([])
})

it("the launcher turns on Node's compile cache, where Node has one, before it loads the CLI", () => {
  // Node 20 has no module.enableCompileCache: a stand-in records when the launcher calls it.
  const calls = join(dir, 'compile-cache.txt')
  const standIn = join(dir, 'compile-cache.cjs')
  writeFileSync(
    standIn,
    `const m = require('node:module')
m.enableCompileCache = () => {
  const cliLoaded = Object.keys(require.cache).some((f) => /[\\\\/]dist[\\\\/]bin\\.cjs$/.test(f))
  require('node:fs').appendFileSync(${JSON.stringify(calls)}, cliLoaded ? 'after\\n' : 'before\\n')
  return { status: 0 }
}
`,
  )
  const launcher = fileURLToPath(new URL('../bin/krs.cjs', import.meta.url))
  const r = spawnSync(process.execPath, ['--require', standIn, launcher, '--version'], { encoding: 'utf8' })
  expect(r.status).toBe(0)
  expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
  expect(readFileSync(calls, 'utf8')).toBe('before\n')
})

it('the trace sees undici and the ES module loader in a process that uses them (so the checks above can fail)', () => {
  rmSync(builtins, { force: true })
  const r = spawnSync(
    process.execPath,
    ['--require', preload, '--input-type=module', '-e', 'globalThis.Headers; await import("node:os")'],
    { encoding: 'utf8' },
  )
  expect(r.status).toBe(0)
  const seen = readFileSync(builtins, 'utf8').split('\n')
  expect(seen.filter(undici).length).toBeGreaterThan(0)
  expect(seen.filter(esModuleLoader).length).toBeGreaterThan(0)
})
