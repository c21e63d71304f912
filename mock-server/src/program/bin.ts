#!/usr/bin/env node
import { CliUsageError } from './cli-args.js'
import { DataDirLockedError } from './data-dir-lock.js'
import { helpLangOf, usageHint } from './options.js'
import { PortInUseError, runCli, type RunningCli } from './run-cli.js'
import { WriteLogDamagedError } from './write-log.js'

// A closed stdout (e.g. piped into `head`) must not stop the server: drop the log instead.
process.stdout.on('error', () => {})

let running: RunningCli | null = null
let stopping = false
const stop = (why: string): void => {
  if (stopping || !running) return
  stopping = true
  io.out(`krs-mock: ${why}, shutting down\n`)
  running.shutdown().then(
    () => process.exit(0),
    (e: unknown) => {
      io.err(`krs-mock: shutdown failed: ${String(e)}\n`)
      process.exit(1)
    },
  )
}

const io = {
  out: (t: string) => void process.stdout.write(t),
  err: (t: string) => void process.stderr.write(t),
  stopRequested: () => stop('POST /__mock/shutdown'),
}

try {
  running = await runCli(process.argv.slice(2), io)
  if (running) {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop(signal))
    // `npx krs-mock` runs the server under npm, which does not pass a SIGTERM on: when npm goes
    // away (`kill $!` of a backgrounded npx), the server is re-parented, and stops as if told to.
    if (process.env.npm_command === 'exec') {
      const launcher = process.ppid
      setInterval(() => {
        if (process.ppid !== launcher) stop('npx exited')
      }, 250).unref()
    }
  }
} catch (e) {
  if (e instanceof CliUsageError) {
    io.err(`krs-mock: ${e.message}\n${usageHint(helpLangOf(process.env))}\n`)
    process.exit(2)
  }
  if (e instanceof PortInUseError || e instanceof DataDirLockedError || e instanceof WriteLogDamagedError) {
    io.err(`krs-mock: ${e.message}\n`)
    process.exit(1)
  }
  io.err(`krs-mock: ${String((e as Error)?.stack ?? e)}\n`)
  process.exit(1)
}
