import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const cliDir = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Builds the CLI with its own tsup config into a private folder (never a stale dist/):
 * cli/node_modules/.cache/krs-cli-e2e-<id>/bin.cjs, one folder per call, since test files
 * run in parallel and a shared folder would be rebuilt under a running binary (its chunk
 * names change). Dependencies resolve from cli/node_modules up. The folder is removed when
 * the test process exits.
 */
export function buildCli(): string {
  const outDir = join(cliDir, 'node_modules', '.cache', `krs-cli-e2e-${process.pid}-${randomUUID().slice(0, 8)}`)
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }))
  const require = createRequire(join(cliDir, 'package.json'))
  const tsupBin = join(require.resolve('tsup/package.json'), '..', 'dist', 'cli-default.js')
  // tsup.config.ts reads the contract package's registry, which is TypeScript: tsx's loader.
  const r = spawnSync(process.execPath, ['--import', 'tsx', tsupBin, '--out-dir', outDir, '--silent'], {
    cwd: cliDir,
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`tsup failed:\n${r.stdout}\n${r.stderr}`)
  return join(outDir, 'bin.cjs')
}

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)
  }
  return newest
}

/**
 * `krs mock` runs @krs-kit/mock-server's build (dist/node.js, an external dependency of the
 * CLI). When that build is missing or older than the emulator's sources, build it the way
 * the root `npm run build` would (its JS only), so the tests never run a stale emulator.
 */
export function ensureMockServerBuild(): void {
  const dir = join(cliDir, '..', 'mock-server')
  const built = join(dir, 'dist', 'node.js')
  if (existsSync(built) && statSync(built).mtimeMs >= newestMtime(join(dir, 'src'))) return
  const r = spawnSync('npm', ['run', 'build:js', '--silent'], { cwd: dir, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`building @krs-kit/mock-server failed:\n${r.stdout}\n${r.stderr}`)
}

export interface SpawnResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the built `krs` to completion (stdin piped: the CLI sees no terminal). */
export function krs(bin: string, argv: string[], env: Record<string, string>, input = ''): Promise<SpawnResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...argv], { env: { PATH: process.env.PATH ?? '', ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(input)
  })
}

/** Starts `krs mock` on a free port; resolves with its URL once it listens. */
export function startMock(
  bin: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcessWithoutNullStreams; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'mock', '--port', '0', ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    })
    let out = ''
    const timer = setTimeout(() => reject(new Error(`krs mock did not start:\n${out}`)), 60_000)
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8')
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve({ url: m[1], child, output: () => out })
      }
    })
    child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`krs mock exited with ${code}:\n${out}`))
    })
  })
}
