/**
 * The consumer test: the kit as integrators get it. The three packages are packed as a
 * release packs them (each `prepack` builds; scripts/pack-packages.mjs reuses tarballs whose
 * inputs did not change), then installed from the tarballs into brand-new projects outside
 * this repository (so nothing resolves from the monorepo's node_modules):
 *
 * - `app`: @krs-kit/sdk and @krs-kit/mock-server, with its own TypeScript (strict), vitest
 *   and an OLDER msw 2.x than the kit's. There: `npx krs-mock` from the installed package,
 *   `tsc --noEmit` of a typed app over the SDK, and the app's vitest specs: the SDK against
 *   that server, and `setupServer(...createMockHandlers())` with the project's own msw; the
 *   zip search answers from the shipped dictionary in both.
 * - `cli-only`: @krs-kit/cli alone (the SDK is compiled in), without the emulator: `npx krs --version`,
 *   `npx krs get-version`, `krs mock` and `krs mcp` asking for their packages, and `krs mock
 *   --help` listing krs-mock's flags all the same.
 * - `mcp`: @krs-kit/mcp and @krs-kit/sdk: `npx krs-mcp --help`.
 *
 * npm runs with `--prefer-offline` (the npm cache) and `npx` with `--offline`, so a bin that
 * npm failed to link cannot be fetched from the registry instead. The installed projects are
 * kept under the OS temp dir, keyed by the tarballs' hashes: an unchanged kit reinstalls nothing.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packPackages } from '../../scripts/pack-packages.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const require = createRequire(import.meta.url)

/** An msw 2.x older than the kit's own (msw@^2.15): the consumer's copy. */
const CONSUMER_MSW = '~2.8.0'
/** The tools of the consumer project: the versions this repository uses (in the npm cache). */
const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version
const tools = {
  typescript: versionOf('typescript'),
  vitest: versionOf('vitest'),
  '@types/node': versionOf('@types/node'),
}

/** The environment for npm in the consumer projects: none of this repository's npm settings. */
function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  const keep = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_nodedir'])
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) || keep.has(k.toLowerCase())) env[k] = v
  for (const k of Object.keys(env)) if (/^(VITEST|VITE_|TEST$|NODE_ENV$)/.test(k)) delete env[k]
  return { ...env, FORCE_COLOR: '0', NO_COLOR: '1', ...extra }
}

interface Run {
  status: number | null
  stdout: string
  stderr: string
}

/** npm's own warnings (e.g. about the machine's user npmrc) are not the command's output. */
const withoutNpmWarnings = (text: string): string =>
  text
    .split('\n')
    .filter((l) => !l.startsWith('npm warn '))
    .join('\n')

function run(cmd: string, args: string[], cwd: string, extra: Record<string, string> = {}, timeoutMs = 240_000): Run {
  const r = spawnSync(cmd, args, {
    cwd,
    env: consumerEnv(extra),
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  })
  return { status: r.status, stdout: r.stdout ?? '', stderr: withoutNpmWarnings(r.stderr ?? '') }
}

function mustRun(
  cmd: string,
  args: string[],
  cwd: string,
  extra: Record<string, string> = {},
  timeoutMs?: number,
): Run {
  const r = run(cmd, args, cwd, extra, timeoutMs)
  if (r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} (in ${cwd}) exit ${r.status}\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`,
    )
  return r
}

/** `npx <bin>` with npm offline: a bin that is not linked fails instead of being downloaded. */
const npx = (bin: string, args: string[], cwd: string, timeoutMs?: number): Run =>
  run('npx', ['--offline', bin, ...args], cwd, {}, timeoutMs)

type Tarballs = { sdk: string; mockServer: string; cli: string; mcp: string }

interface Projects {
  app: string
  cliOnly: string
  mcp: string
  tarballs: Tarballs
}

/** Creates (or reuses) the two consumer projects for these tarballs. */
function installProjects(tarballs: Tarballs): Projects {
  const hash = createHash('sha256')
  for (const t of [tarballs.sdk, tarballs.mockServer, tarballs.cli, tarballs.mcp]) hash.update(readFileSync(t))
  hash.update(JSON.stringify({ CONSUMER_MSW, tools, layout: 2 }))
  const key = hash.digest('hex').slice(0, 16)
  const cacheRoot = join(tmpdir(), 'krs-kit-consumer')
  const base = join(cacheRoot, key)
  // Keep only this key's projects (the temp dir is shared with other checkouts' runs, so
  // only entries older than a day are removed besides).
  mkdirSync(cacheRoot, { recursive: true })
  for (const e of readdirSync(cacheRoot)) {
    if (e === key) continue
    const marker = join(cacheRoot, e, 'created')
    const created = existsSync(marker) ? Number(readFileSync(marker, 'utf8')) : 0
    if (Date.now() - created > 24 * 3600_000) rmSync(join(cacheRoot, e), { recursive: true, force: true })
  }

  const local = {
    sdk: join(base, 'tarballs', basename(tarballs.sdk)),
    mockServer: join(base, 'tarballs', basename(tarballs.mockServer)),
    cli: join(base, 'tarballs', basename(tarballs.cli)),
    mcp: join(base, 'tarballs', basename(tarballs.mcp)),
  }
  const app = join(base, 'app')
  const cliOnly = join(base, 'cli-only')
  const mcp = join(base, 'mcp')
  if (!existsSync(join(base, 'installed'))) {
    rmSync(base, { recursive: true, force: true })
    mkdirSync(join(base, 'tarballs'), { recursive: true })
    writeFileSync(join(base, 'created'), String(Date.now()))
    cpSync(tarballs.sdk, local.sdk)
    cpSync(tarballs.mockServer, local.mockServer)
    cpSync(tarballs.cli, local.cli)
    cpSync(tarballs.mcp, local.mcp)

    const install = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error']
    mkdirSync(app, { recursive: true })
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify(
        {
          name: 'krs-consumer-app',
          private: true,
          type: 'module',
          dependencies: { '@krs-kit/sdk': `file:${local.sdk}`, '@krs-kit/mock-server': `file:${local.mockServer}` },
          devDependencies: {
            msw: CONSUMER_MSW,
            typescript: tools.typescript,
            vitest: tools.vitest,
            '@types/node': tools['@types/node'],
          },
        },
        null,
        2,
      ),
    )
    mustRun('npm', install, app, {}, 480_000)

    mkdirSync(cliOnly, { recursive: true })
    writeFileSync(
      join(cliOnly, 'package.json'),
      JSON.stringify(
        {
          name: 'krs-consumer-cli',
          private: true,
          type: 'module',
          dependencies: { '@krs-kit/cli': `file:${local.cli}` },
        },
        null,
        2,
      ),
    )
    mustRun('npm', install, cliOnly, {}, 240_000)

    mkdirSync(mcp, { recursive: true })
    writeFileSync(
      join(mcp, 'package.json'),
      JSON.stringify(
        {
          name: 'krs-consumer-mcp',
          private: true,
          type: 'module',
          dependencies: { '@krs-kit/mcp': `file:${local.mcp}`, '@krs-kit/sdk': `file:${local.sdk}` },
        },
        null,
        2,
      ),
    )
    mustRun('npm', install, mcp, {}, 240_000)
    writeFileSync(join(base, 'installed'), new Date().toISOString())
  }
  // The app's sources are copied on every run (cheap; edits need no reinstall).
  for (const dir of ['src', 'test']) rmSync(join(app, dir), { recursive: true, force: true })
  cpSync(join(here, 'fixture', 'app'), app, { recursive: true })
  // The SDK's own type checks of the five shared request schemas (only their required keys),
  // compiled here against the installed package, as an integrator's project would.
  cpSync(join(here, '..', '..', 'sdk', 'test', 'consumer-types.ts'), join(app, 'src', 'sdk-request-types.ts'))
  return { app, cliOnly, mcp, tarballs: local }
}

/** Starts `npx krs-mock --port 0` in `cwd`; resolves with its URL. */
function startKrsMock(cwd: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  // In a process group of its own: npm exec exits on SIGTERM without passing it on, which
  // would leave krs-mock running; the test stops the whole group (see afterAll).
  const child = spawn('npx', ['--offline', 'krs-mock', '--port', '0', '--host', '127.0.0.1', '--clock', 'manual'], {
    cwd,
    env: consumerEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npx krs-mock did not start within 60 s:\n${out}`)), 60_000)
    const onData = (d: Buffer): void => {
      out += d.toString('utf8')
      const m = /listening on (http:\/\/[^\s]+)/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve({ url: m[1].replace(/\/$/, ''), child, output: () => out })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`npx krs-mock exited (${code}) before listening:\n${out}`))
    })
  })
}

describe('the packed packages in a brand-new project', () => {
  let projects: Projects
  let mock: Awaited<ReturnType<typeof startKrsMock>> | undefined

  beforeAll(async () => {
    const packed = packPackages({ log: () => {} })
    projects = installProjects(packed)
    mock = await startKrsMock(projects.app)
  }, 900_000)

  afterAll(async () => {
    if (mock && mock.child.exitCode === null && mock.child.pid !== undefined) {
      const exited = new Promise((r) => mock!.child.once('exit', r))
      // npx and the krs-mock it started: the whole group
      process.kill(-mock.child.pid, 'SIGTERM')
      await exited
      // and nothing is left listening on its port
      const url = mock.url
      const stillAnswers = async (): Promise<boolean> =>
        fetch(`${url}/__mock/clock`).then(
          () => true,
          () => false,
        )
      for (let i = 0; i < 50 && (await stillAnswers()); i++) await new Promise((r) => setTimeout(r, 100))
      expect(await stillAnswers()).toBe(false)
    }
  })

  it("installs one msw, the project's older one, and the kit packages from the tarballs", () => {
    const app = projects.app
    const msw = JSON.parse(readFileSync(join(app, 'node_modules', 'msw', 'package.json'), 'utf8')) as {
      version: string
    }
    expect(msw.version).toMatch(/^2\.8\./)
    // msw is a peer of the emulator: no second copy below it.
    expect(existsSync(join(app, 'node_modules', '@krs-kit', 'mock-server', 'node_modules', 'msw'))).toBe(false)
    const lock = readFileSync(join(app, 'package-lock.json'), 'utf8')
    expect(lock.match(/"node_modules\/(?:.*\/)?msw"/g)).toHaveLength(1)
    // The shipped zip dictionary and the committed launcher.
    expect(existsSync(join(app, 'node_modules', '@krs-kit', 'mock-server', 'data', 'zip-dictionary.txt'))).toBe(true)
    expect(existsSync(join(app, 'node_modules', '.bin', 'krs-mock'))).toBe(true)
  })

  it('npx krs-mock --help runs the installed emulator offline', () => {
    const r = npx('krs-mock', ['--help'], projects.app, 60_000)
    expect(r.stderr).not.toMatch(/ENOTCACHED|404/)
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('Usage: krs-mock')
  })

  // skipLibCheck: the declarations of every installed package are not re-checked (a minute
  // on a busy machine); the app's use of the SDK and of msw with the kit's handlers is, and
  // attw (npm run lint) checks that the SDK's declarations resolve.
  it('npx krs-mock & then kill $!: the server stops with npx, and answers GET /__mock/health until then', async () => {
    const second = await startKrsMock(projects.app)
    const health = (await (await fetch(`${second.url}/__mock/health`)).json()) as { ready: boolean; version: string }
    expect(health).toMatchObject({ ready: true })
    // Only the npx process, as a shell's `kill $!` does (npm exec does not pass it on).
    process.kill(second.child.pid as number, 'SIGTERM')
    const answers = (): Promise<boolean> =>
      fetch(`${second.url}/__mock/health`).then(
        () => true,
        () => false,
      )
    for (let i = 0; i < 50 && (await answers()); i++) await new Promise((r) => setTimeout(r, 100))
    expect(await answers()).toBe(false)
  }, 120_000)

  it('type-checks a typed app over the SDK with tsc --noEmit (strict)', () => {
    const r = npx('tsc', ['--noEmit', '-p', 'tsconfig.json'], projects.app, 180_000)
    expect(r.stdout + r.stderr).toBe('')
    expect(r.status).toBe(0)
  }, 200_000)

  it("runs the app's vitest specs: the SDK against npx krs-mock and the app mocked with setupServer(...createMockHandlers())", () => {
    const r = run(
      'npx',
      ['--offline', 'vitest', 'run', '--reporter=verbose'],
      projects.app,
      { KRS_MOCK_URL: mock!.url },
      180_000,
    )
    const out = r.stdout + r.stderr
    expect(out, out).toMatch(/Tests\s+6 passed \(6\)/)
    expect(out).toContain('answers search_addresses_by_zip from the shipped zip dictionary')
    expect(r.status, out).toBe(0)
  }, 200_000)

  describe('the CLI installed alone (the SDK compiled in, without the emulator)', () => {
    it('has neither the SDK package, the emulator nor msw installed', () => {
      expect(existsSync(join(projects.cliOnly, 'node_modules', '@krs-kit', 'sdk'))).toBe(false)
      expect(existsSync(join(projects.cliOnly, 'node_modules', '@krs-kit', 'mock-server'))).toBe(false)
      expect(existsSync(join(projects.cliOnly, 'node_modules', 'msw'))).toBe(false)
    })

    it('npx krs --version prints the package version', () => {
      const r = npx('krs', ['--version'], projects.cliOnly, 60_000)
      const version = (
        JSON.parse(readFileSync(join(projects.cliOnly, 'node_modules', '@krs-kit', 'cli', 'package.json'), 'utf8')) as {
          version: string
        }
      ).version
      expect(r.stdout.trim()).toBe(version)
      expect(r.status).toBe(0)
    })

    it('npx krs get-version asks the emulator (through the SDK compiled into the CLI)', () => {
      const r = npx('krs', ['get-version', '--base-url', mock!.url], projects.cliOnly, 60_000)
      expect(r.stderr).toBe('')
      expect(r.status).toBe(0)
      const body = JSON.parse(r.stdout) as unknown
      expect(JSON.stringify(body)).toMatch(/\d+\.\d+/)
    })

    it('krs mock says how to install the emulator, with the usage exit code', () => {
      const r = npx('krs', ['mock', '--port', '0'], projects.cliOnly, 60_000)
      expect(r.status).toBe(2)
      expect(r.stderr).toContain('npm install -D @krs-kit/mock-server')
      expect(r.stderr).not.toMatch(/\n\s+at /) // no stack trace
    })

    it('krs mock --help lists the flags of krs-mock without the emulator (their table is in the CLI)', () => {
      const r = npx('krs', ['mock', '--help', '--lang', 'en'], projects.cliOnly, 60_000)
      expect(r.status).toBe(0)
      for (const flag of ['--port <n>', '--now <time>', '--cors <origins>', '--smtp <url>', '--validate-responses'])
        expect(r.stdout).toContain(flag)
    })

    it('krs mcp says how to install the MCP server, with the usage exit code; the MCP SDK is not installed', () => {
      expect(existsSync(join(projects.cliOnly, 'node_modules', '@modelcontextprotocol'))).toBe(false)
      const r = npx('krs', ['mcp'], projects.cliOnly, 60_000)
      expect(r.status).toBe(2)
      expect(r.stderr).toContain('npm install -D @krs-kit/mcp')
      expect(r.stderr).not.toMatch(/\n\s+at /)
    })
  })

  describe('the MCP server installed with the SDK', () => {
    it('npx krs-mcp --help runs the installed server offline', () => {
      const r = npx('krs-mcp', ['--help'], projects.mcp, 60_000)
      expect(r.stderr).not.toMatch(/ENOTCACHED|404/)
      expect(r.status).toBe(0)
      expect(r.stdout).toContain('Usage: krs-mcp')
      expect(existsSync(join(projects.mcp, 'node_modules', '@krs-kit', 'mcp', 'guides', 'intro.md'))).toBe(true)
    })
  })
})
