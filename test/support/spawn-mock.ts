import { spawn, type ChildProcess } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { mockBinBuilt, mockBinSource, repoRoot, tsxLoader } from './paths.js'

export interface MockProcess {
  readonly child: ChildProcess
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly port: number
  /** Everything the process printed so far. */
  output(): string
  /** Send a signal and wait for the exit (SIGKILL after `graceMs`). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>
}

/**
 * Starts `krs-mock` from its sources (`node --import tsx`, the source entry-points.ts names; its
 * build just made when `npm test` runs, paths.ts's mockBinBuilt) on a
 * random free 127.0.0.1 port (`--port 0`) and resolves with its URL once it prints
 * "krs-mock listening on <url>". One process, so a signal reaches the server itself.
 * Every answer is checked against the contract (--validate-responses).
 */
export function startMock(
  args: readonly string[] = [],
  opts: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<MockProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(mockBinBuilt ? [mockBinBuilt] : ['--import', pathToFileURL(tsxLoader).href, mockBinSource]),
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--quiet',
      '--validate-responses',
      ...args,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'test', ...opts.env } },
  )
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')))
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')))
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, sig) => resolve(code ?? (sig ? -1 : null))),
  )

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`krs-mock did not start within ${opts.timeoutMs ?? 30_000} ms:\n${out}`))
    }, opts.timeoutMs ?? 30_000)
    const onData = (): void => {
      const m = /krs-mock listening on (http:\/\/[^\s]+)/.exec(out)
      if (!m) return
      clearTimeout(timer)
      child.stdout.off('data', onData)
      const url = m[1]!
      resolve({
        child,
        url,
        port: Number(new URL(url).port),
        output: () => out,
        stop: async (signal = 'SIGTERM', graceMs = 10_000) => {
          if (child.exitCode !== null || child.signalCode !== null) return exited
          child.kill(signal)
          const t = setTimeout(() => child.kill('SIGKILL'), graceMs)
          const code = await exited
          clearTimeout(t)
          return code
        },
      })
    }
    child.stdout.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`krs-mock exited (${code}) before listening:\n${out}`))
    })
  })
}
