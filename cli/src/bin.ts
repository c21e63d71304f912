#!/usr/bin/env node
import { nodeIo } from './io.js'
import { run } from './run.js'

// `krs ... | head -1`: a reader that stops early is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw e
})

process.exitCode = await run(process.argv.slice(2), nodeIo())
