#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8'
import { nodeIo } from './io.js'
import { run } from './run.js'

// `krs ... | head -1`: a reader that stops early is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw e
})

// Node's fetch parses answers with a WebAssembly HTTP parser, which V8 compiles a second time
// with its optimizing tier in background threads, and a process that ends waits for them:
// about 50 ms of an API call's start (bench/README.md). The baseline tier is plenty for the
// few answers of one command. Set before the first fetch loads the parser.
setFlagsFromString('--liftoff-only')

const code = await run(process.argv.slice(2), nodeIo())
// A finished command exits once what it wrote is flushed, instead of when the event loop
// empties: Node's fetch keeps its idle keep-alive connection, and with it the process, alive
// for about 100 ms after the last answer, half again of an API call's whole start. (The
// long-running commands, `krs mock` and `krs mcp`, return from run only when they stop.)
const flushed = (stream: NodeJS.WriteStream): Promise<void> => new Promise((done) => stream.write('', () => done()))
await Promise.all([flushed(process.stdout), flushed(process.stderr)])
process.exit(code)
