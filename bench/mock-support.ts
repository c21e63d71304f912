// Shared helpers of the mock-server benchmarks: start processes on loopback, wait for them.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
export const mockBin = `${root}mock-server/dist/bin.js`

export function requireBuiltMock(): void {
  if (!existsSync(mockBin))
    throw new Error('mock-server/dist/bin.js is missing: run npm run build:js -w @krs-kit/mock-server')
}

export interface Proc {
  child: ChildProcess
  stop(): Promise<void>
}

/** Spawn a process and resolve when `ready` matches its stdout; returns the match. */
export function spawnUntil(
  cmd: string,
  args: string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 30_000,
): Promise<{ proc: Proc; match: RegExpExecArray }> {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env }, cwd: root })
  let out = ''
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3000).unref()
    })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`${cmd} ${args.join(' ')} did not get ready:\n${out.slice(-2000)}`))
    }, timeoutMs)
    const onData = (d: Buffer): void => {
      out += d.toString()
      const m = ready.exec(out)
      if (m) {
        clearTimeout(timer)
        child.stdout!.off('data', onData)
        child.stdout!.resume()
        resolve({ proc: { child, stop }, match: m })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${cmd} exited with ${code}:\n${out.slice(-2000)}`))
    })
  })
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

export async function freePort(): Promise<number> {
  const net = await import('node:net')
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}
