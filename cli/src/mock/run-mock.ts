import { KRS_MOCK_OPTIONS } from '@krs-kit/mock-server/options'
import type { Command } from 'commander'
import { ExitError, exitCodes, UsageError } from '../exit-codes.js'
import type { CliIo } from '../io.js'
import { isMissingPackage } from '../missing-package.js'

/** commander's name of a flag's value (`data-dir` → `dataDir`). */
const attributeOf = (flag: string): string => flag.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())

/** The krs-mock argv for the flags given to `krs mock` (the same option table declared them). */
export function mockArgv(values: Readonly<Record<string, unknown>>): string[] {
  const argv: string[] = []
  for (const o of KRS_MOCK_OPTIONS) {
    const v = values[attributeOf(o.name)]
    if (o.type === 'boolean' ? v === true : typeof v === 'string')
      argv.push(`--${o.name}`, ...(typeof v === 'string' ? [v] : []))
  }
  return argv
}

/** The package `krs mock` runs; an optional peer of the CLI, installed by those who want it. */
export const EMULATOR_PACKAGE = '@krs-kit/mock-server'

/**
 * Loads the emulator's `krs-mock` program. When the package is not installed: a usage error (exit 2)
 * that says how to install it, not a stack trace.
 */
async function loadEmulator(): Promise<typeof import('@krs-kit/mock-server/program')> {
  try {
    return await import('@krs-kit/mock-server/program')
  } catch (e) {
    if (!isMissingPackage(e, EMULATOR_PACKAGE)) throw e
    throw new UsageError(
      `mock: needs the emulator, ${EMULATOR_PACKAGE}, which is not installed; install it with: npm install -D ${EMULATOR_PACKAGE}`,
    )
  }
}

/**
 * Whether the process was started by npm (`npx krs mock`, an npm script): npm passes a signal
 * only to the shell it started, so when npm is killed alone (`kill $!` of a backgrounded npx)
 * this process is re-parented rather than told to stop.
 */
export function launchedByNpm(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.npm_command !== undefined || env.npm_lifecycle_event !== undefined
}

/** The signals that stop `krs mock` (a terminal closing sends SIGHUP). */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Runs the emulator in this process (no child to leave behind) until SIGINT, SIGTERM or SIGHUP,
 * `POST /__mock/shutdown`, or, when npm started it, until its launcher goes away.
 */
export async function runMock(cmd: Command, io: CliIo): Promise<void> {
  const { runCli, CliUsageError } = await loadEmulator()
  // Why it was told to stop, once it was; the stop itself waits for the server to run (a signal
  // may come while it starts, as soon as it printed its URL).
  let stopWhy: string | undefined
  let stopNow: (() => void) | undefined
  const stop = (why: string): void => {
    if (stopWhy !== undefined) return
    stopWhy = why
    stopNow?.()
  }
  const onSignal = (signal: NodeJS.Signals) => stop(signal)
  for (const signal of STOP_SIGNALS) process.once(signal, onSignal)
  let watch: NodeJS.Timeout | undefined
  if (launchedByNpm(io.env)) {
    const launcher = process.ppid
    watch = setInterval(() => {
      if (process.ppid !== launcher) stop('npm exited')
    }, 250)
    watch.unref()
  }
  try {
    let running: Awaited<ReturnType<typeof runCli>>
    try {
      running = await runCli(mockArgv(cmd.opts()), {
        out: io.stdout,
        err: io.stderr,
        // POST /__mock/shutdown stops `krs mock` as SIGTERM does.
        stopRequested: () => stop('POST /__mock/shutdown'),
      })
    } catch (e) {
      if (e instanceof CliUsageError) throw new UsageError(e.message)
      // As krs-mock: exit 1.
      if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new ExitError('mock: the port is already in use', exitCodes.api)
      throw new ExitError(`mock: ${(e as Error).message}`, exitCodes.api)
    }
    if (!running) return
    const server = running
    await new Promise<void>((done) => {
      stopNow = done
      if (stopWhy !== undefined) done()
    })
    io.stdout(`krs mock: ${stopWhy}, shutting down\n`)
    await server.shutdown()
  } finally {
    if (watch) clearInterval(watch)
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal)
  }
}
