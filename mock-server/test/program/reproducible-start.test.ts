import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { CliUsageError, parseCliArgs } from '../../src/program/cli-args.js'
import { defaultScenario } from '../../src/scenario/index.js'

// The built server (`dist/bin.js`, `npm run build:js -w @krs-kit/mock-server`)
// started twice with the same --seed and --now gives byte-identical snapshots.

const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))
const children: ChildProcess[] = []
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL')
})

function run(args: string[]): ChildProcess {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm run build:js -w @krs-kit/mock-server first`)
  const child = spawn(process.execPath, [bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  children.push(child)
  return child
}

function start(args: string[]): Promise<string> {
  const child = run(['--port', '0', '--quiet', ...args])
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`krs-mock did not start:\n${out}`)), 40_000)
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /listening on (http:\/\/[^\s]+)/.exec(out)
      if (m && out.includes('krs-nomail')) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    })
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`krs-mock exited with ${code}:\n${out}`))
    })
  })
}

function output(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = run(args)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString()
  })
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString()
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })))
}

describe('krs-mock --seed --now: reproducible data', () => {
  it('two starts with the same --seed and --now give byte-identical GET /__mock/snapshot', async () => {
    const args = ['--seed', '11', '--members', '300', '--now', '2026-04-01T09:00:00+09:00']
    const [a, b] = await Promise.all([start(args), start(args)])
    const [sa, sb] = await Promise.all([
      fetch(`${a}/__mock/snapshot`).then((r) => r.text()),
      fetch(`${b}/__mock/snapshot`).then((r) => r.text()),
    ])
    expect(sa.length).toBeGreaterThan(10_000)
    expect(sa === sb, 'the two snapshots differ').toBe(true)
    const snap = JSON.parse(sa) as { clock: { now: number; mode: string }; seed: number }
    expect(snap.clock).toMatchObject({ now: 1_775_001_600, mode: 'manual' })
    // a different --now gives different data (dates follow it)
    const c = await start(['--seed', '11', '--members', '300', '--now', '2026-05-01T09:00:00+09:00'])
    const sc = await fetch(`${c}/__mock/snapshot`).then((r) => r.text())
    expect(sc === sa).toBe(false)
  })

  it('--print-scenario writes the default scenario as YAML and exits', async () => {
    const r = await output(['--print-scenario'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    expect(parseYaml(r.stdout)).toEqual(defaultScenario())
  })

  it('--now takes ISO 8601 or unix seconds; bad values are usage errors', () => {
    expect(parseCliArgs(['--now', '2026-04-01T09:00:00+09:00'])).toMatchObject({
      now: 1_775_001_600,
      clock: 'manual',
      clockSet: false,
    })
    expect(parseCliArgs(['--now', '1775001600', '--clock', 'real'])).toMatchObject({
      now: 1_775_001_600,
      clock: 'real',
      clockSet: true,
    })
    expect(parseCliArgs(['--public-url', 'https://mock.example.jp/krs/'])).toMatchObject({
      publicUrl: 'https://mock.example.jp/krs',
    })
    expect(() => parseCliArgs(['--now', 'tomorrow'])).toThrow(CliUsageError)
    expect(() => parseCliArgs(['--public-url', 'mock.example.jp'])).toThrow(/--public-url/)
  })
})
