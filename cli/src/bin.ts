#!/usr/bin/env node
import { nodeIo } from './io.js'
import { run } from './run.js'

// `krs ... | head -1`: a reader that stops early is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw e
})

async function main(): Promise<never> {
  const code = await run(process.argv.slice(2), nodeIo())
  // A finished command exits once what it wrote is flushed, instead of when the event loop
  // empties: an idle keep-alive connection can keep the process alive for a while after the
  // last answer. (The long-running commands, `krs mock` and `krs mcp`, return from run only
  // when they stop.)
  const flushed = (stream: NodeJS.WriteStream): Promise<void> => new Promise((done) => stream.write('', () => done()))
  await Promise.all([flushed(process.stdout), flushed(process.stderr)])
  process.exit(code)
}

// The build is CommonJS (tsup.config.ts), which has no top-level await.
void main()
