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

/** Runs the emulator in this process until SIGINT/SIGTERM. */
export async function runMock(cmd: Command, io: CliIo): Promise<void> {
  const { runCli, CliUsageError } = await loadEmulator()
  let running: Awaited<ReturnType<typeof runCli>>
  // POST /__mock/shutdown stops `krs mock` as SIGTERM does (set once the server runs).
  let stopRequested: ((why: string) => void) | undefined
  try {
    running = await runCli(mockArgv(cmd.opts()), {
      out: io.stdout,
      err: io.stderr,
      stopRequested: () => stopRequested?.('POST /__mock/shutdown'),
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
  await new Promise<void>((done, fail) => {
    let stopping = false
    const stop = (signal: string): void => {
      if (stopping) return
      stopping = true
      io.stdout(`krs mock: ${signal}, shutting down\n`)
      server.shutdown().then(done, fail)
    }
    stopRequested = stop
    process.once('SIGINT', () => stop('SIGINT'))
    process.once('SIGTERM', () => stop('SIGTERM'))
  })
}
