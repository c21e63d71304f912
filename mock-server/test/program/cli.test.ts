import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { stringify as stringifyYaml } from 'yaml'
import { defaultScenario } from '../../src/scenario/index.js'
import { CliUsageError, parseCliArgs } from '../../src/program/cli-args.js'
import { STATE_FILE } from '../../src/program/persistence.js'
import { EMULATOR_VERSION } from '../../src/kernel/version.js'

// The built program, as users run it (test/support/global-setup.ts rebuilds it when a source is
// newer): it starts in well under a second, where compiling the sources through tsx took
// seconds per start.
const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))
const children: ChildProcess[] = []
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL')
})

interface Started {
  child: ChildProcess
  url: string
  output: () => string
}

/** Start `krs-mock` and wait for its "listening" line. */
function startBin(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [bin, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  children.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`krs-mock did not start:\n${out}`)), 40_000)
    const onData = (d: Buffer): void => {
      out += d.toString()
      const m = /listening on (http:\/\/[^\s]+)/.exec(out)
      if (m && out.includes('krs-nomail')) {
        clearTimeout(timer)
        resolve({ child, url: m[1]!, output: () => out })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`krs-mock exited with ${code}:\n${out}`))
    })
  })
}

/** Run the built `krs-mock` to its end: exit code, stdout, stderr. */
async function runBin(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString()
  })
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString()
  })
  const code = await exited(child)
  return { code, out, err }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  )
}

const call = (url: string, op: string, token?: string): Promise<Response> =>
  fetch(`${url}/api/v1/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: '{}',
  })

describe('krs-mock flags', () => {
  it('parses every flag', () => {
    expect(
      parseCliArgs([
        '--host',
        '0.0.0.0',
        '--port',
        '5000',
        '--scenario',
        's.yaml',
        '--seed',
        '7',
        '--members',
        '2000000',
        '--clock',
        'manual',
        '--data-dir',
        'd',
        '--static',
        'site',
        '--admin-remote',
        '--quiet',
        '--validate-responses',
      ]),
    ).toEqual({
      host: '0.0.0.0',
      port: 5000,
      scenario: 's.yaml',
      seed: 7,
      members: 2_000_000,
      clock: 'manual',
      dataDir: 'd',
      repair: false,
      staticDir: 'site',
      adminRemote: true,
      quiet: true,
      validateResponses: true,
      help: false,
      version: false,
      given: new Set([
        'host',
        'port',
        'scenario',
        'seed',
        'members',
        'clock',
        'data-dir',
        'static',
        'admin-remote',
        'quiet',
        'validate-responses',
      ]),
      clockSet: true,
      printScenario: false,
      cors: [],
      allowedHosts: [],
    })
    expect(parseCliArgs([])).toMatchObject({
      host: '127.0.0.1',
      port: 4010,
      seed: 1,
      clock: 'real',
      members: undefined,
      validateResponses: false,
    })
  })

  it('refuses bad values and unknown flags', () => {
    expect(() => parseCliArgs(['--clock', 'fast'])).toThrow(CliUsageError)
    expect(() => parseCliArgs(['--port', '70000'])).toThrow(/--port/)
    expect(() => parseCliArgs(['--members', 'many'])).toThrow(/--members/)
    expect(() => parseCliArgs(['--colour'])).toThrow(CliUsageError)
  })
})

describe('krs-mock process', { timeout: 60_000 }, () => {
  it('serves the API, prints the default tokens, logs one line per request, stops on SIGTERM', async () => {
    const s = await startBin(['--clock', 'manual'])
    for (const name of [
      'krs-all',
      'krs-work',
      'krs-operation',
      'krs-reference',
      'krs-search',
      'krs-noencrypt',
      'krs-nomail',
    ]) {
      expect(s.output()).toMatch(new RegExp(`${name}\\s+${name}`))
    }
    const res = await call(s.url, 'get_version')
    expect(res.status).toBe(200)
    const clock = (await (await fetch(`${s.url}/__mock/clock`)).json()) as { mode: string }
    expect(clock.mode).toBe('manual')
    await new Promise((r) => setTimeout(r, 50))
    expect(s.output()).toMatch(/POST \/api\/v1\/get_version 200 get_version/)
    s.child.kill('SIGTERM')
    expect(await exited(s.child)).toBe(0)
  })

  it('loads a YAML scenario file and refuses a missing one with exit code 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'krs-mock-cli-'))
    try {
      const scenario = { ...defaultScenario(), environment: { name: 'YAML から読んだ環境' } }
      await writeFile(join(dir, 'env.yaml'), stringifyYaml(scenario))
      const s = await startBin(['--scenario', join(dir, 'env.yaml'), '--members', '5'])
      const name = await call(s.url, 'get_environment_name', 'krs-all')
      expect(await name.json()).toBe('YAML から読んだ環境')
      s.child.kill('SIGTERM')
      await exited(s.child)

      const bad = spawn(process.execPath, [bin, '--scenario', join(dir, 'missing.yaml')], {
        stdio: 'pipe',
      })
      children.push(bad)
      let err = ''
      bad.stderr.on('data', (d: Buffer) => {
        err += d.toString()
      })
      expect(await exited(bad)).toBe(2)
      expect(err).toContain('missing.yaml')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('with --data-dir saves the state on shutdown and loads it at the next start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'krs-mock-data-'))
    try {
      const first = await startBin(['--clock', 'manual', '--data-dir', dir])
      const made = (await (
        await fetch(`${first.url}/__mock/tenants`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).json()) as { tokens: Record<string, string> }
      const token = made.tokens['krs-all']!
      await fetch(`${first.url}/__mock/clock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"set": 1900000000}',
      })
      first.child.kill('SIGINT')
      expect(await exited(first.child)).toBe(0)
      const saved = JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8')) as { tenants: unknown[] }
      expect(saved.tenants).toHaveLength(2)

      const second = await startBin(['--data-dir', dir])
      expect(second.output()).toContain('(loaded)')
      const clock = (await (
        await fetch(`${second.url}/__mock/clock`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { now: number }
      expect(clock.now).toBe(1_900_000_000)
      second.child.kill('SIGTERM')
      expect(await exited(second.child)).toBe(0)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('--version prints the version and exits 0', async () => {
    const r = await runBin(['--version'])
    expect(r.code).toBe(0)
    expect(r.out).toBe(`krs-mock ${EMULATOR_VERSION}\n`)
  })

  it('a usage error is one line and where the flags are listed, not the whole help (exit 2)', async () => {
    const r = await runBin(['--colour'], { LANG: 'C' })
    expect(r.code).toBe(2)
    expect(r.err).toBe("krs-mock: Unknown option '--colour'\nkrs-mock --help lists the flags.\n")
  })

  it('a busy port is named, with the process that holds it', async () => {
    const first = await startBin(['--quiet'])
    const port = new URL(first.url).port
    const r = await runBin(['--port', port, '--quiet'])
    expect(r.code).toBe(1)
    expect(r.err).toBe(
      `krs-mock: port ${port} on 127.0.0.1 is already in use by pid ${first.child.pid} (${process.execPath} ${bin} --port 0 --quiet); stop it, or start with --port <another> (--port 0 picks a free one)\n`,
    )
  })

  it('POST /__mock/shutdown saves the state and exits 0; flags a saved state overrides are named at the next start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'krs-mock-shutdown-'))
    try {
      const first = await startBin(['--quiet', '--data-dir', dir])
      // A change to keep: a new tenant.
      await fetch(`${first.url}/__mock/tenants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      const r = await fetch(`${first.url}/__mock/shutdown`, { method: 'POST' })
      expect(r.status).toBe(202)
      expect(await exited(first.child)).toBe(0)
      expect(first.output()).toContain('POST /__mock/shutdown, shutting down')
      expect(JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8')).tenants).toHaveLength(2)

      const second = await startBin(['--quiet', '--data-dir', dir, '--members', '5', '--seed', '3'])
      expect(second.output()).toContain(
        `krs-mock: --seed, --members are ignored: the state saved in ${dir} was loaded and keeps its own.`,
      )
      second.child.kill('SIGTERM')
      await exited(second.child)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('--help prints the usage and exits 0', async () => {
    const child = spawn(process.execPath, [bin, '--help'], { stdio: 'pipe' })
    children.push(child)
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
    })
    expect(await exited(child)).toBe(0)
    expect(out).toContain('--data-dir DIR')
  })
})
