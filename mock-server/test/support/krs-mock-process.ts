import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** krs-mock (the built `dist/bin.js`) as a process, for the hardening tests that restart it. */

const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))

export interface KrsMock {
  url: string
  child: ChildProcess
  /** What it wrote to stdout and stderr so far. */
  output(): string
  /** Stop it with `signal` and wait for the exit. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>
}

const running = new Set<ChildProcess>()

/** Kill what a test left running (afterEach). */
export function killAll(): void {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  running.clear()
}

export function startKrsMock(args: string[]): Promise<KrsMock> {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm run build:js -w @krs-kit/mock-server first`)
  const child = spawn(process.execPath, [bin, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  running.add(child)
  let out = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`krs-mock did not start:\n${out}`)), 60_000)
    const onData = (d: Buffer): void => {
      out += d.toString()
      const m = /listening on (http:\/\/[^\s]+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve({
          url: m[1]!,
          child,
          output: () => out,
          stop: async (signal) => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal)
            await exited
            running.delete(child)
          },
        })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`krs-mock exited with ${code}:\n${out}`))
    })
  })
}
