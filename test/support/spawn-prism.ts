import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { bundledSpec, prismBin, repoRoot } from './paths.js'

export interface PrismProcess {
  readonly child: ChildProcess
  readonly url: string
  output(): string
  stop(): Promise<void>
}

/** A free 127.0.0.1 port (Prism has no `--port 0`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

/**
 * Stoplight Prism as a validating proxy in front of the emulator:
 * `prism proxy spec/dist/openapi.json <upstream> --errors`. A response outside the contract
 * becomes 500 application/problem+json (type …#VIOLATIONS) with an `sl-violations` header;
 * an invalid request becomes 422 and is not forwarded.
 */
export async function startPrism(upstream: string, timeoutMs = 60_000): Promise<PrismProcess> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort()
    try {
      return await launch(upstream, port, timeoutMs)
    } catch (e) {
      if (attempt >= 2) throw e
    }
  }
}

function launch(upstream: string, port: number, timeoutMs: number): Promise<PrismProcess> {
  const child = spawn(prismBin, ['proxy', bundledSpec, upstream, '--errors', '-p', String(port), '-h', '127.0.0.1'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const url = `http://127.0.0.1:${port}`
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`prism did not start within ${timeoutMs} ms:\n${out}`))
    }, timeoutMs)
    const onData = (d: Buffer): void => {
      out += d.toString('utf8')
      if (!/Prism is listening/.test(out)) return
      clearTimeout(timer)
      resolve({
        child,
        url,
        output: () => out,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
            setTimeout(() => child.kill('SIGKILL'), 3000).unref()
          }),
      })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`prism exited (${code}) before listening:\n${out}`))
    })
  })
}
