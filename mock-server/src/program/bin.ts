#!/usr/bin/env node
import { CliUsageError } from './cli-args.js'
import { helpLangOf, krsMockUsage } from './options.js'
import { runCli } from './run-cli.js'

// A closed stdout (e.g. piped into `head`) must not stop the server: drop the log instead.
process.stdout.on('error', () => {})

const io = {
  out: (t: string) => void process.stdout.write(t),
  err: (t: string) => void process.stderr.write(t),
}

try {
  const running = await runCli(process.argv.slice(2), io)
  if (running) {
    const stop = (signal: string): void => {
      io.out(`krs-mock: ${signal}, shutting down\n`)
      running.shutdown().then(
        () => process.exit(0),
        (e: unknown) => {
          io.err(`krs-mock: shutdown failed: ${String(e)}\n`)
          process.exit(1)
        },
      )
    }
    process.once('SIGINT', () => stop('SIGINT'))
    process.once('SIGTERM', () => stop('SIGTERM'))
  }
} catch (e) {
  if (e instanceof CliUsageError) {
    io.err(`krs-mock: ${e.message}\n\n${krsMockUsage(helpLangOf(process.env))}`)
    process.exit(2)
  }
  const code = (e as NodeJS.ErrnoException).code
  io.err(`krs-mock: ${code === 'EADDRINUSE' ? 'the port is already in use' : String((e as Error)?.stack ?? e)}\n`)
  process.exit(1)
}
