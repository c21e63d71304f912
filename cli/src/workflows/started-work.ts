import type { Command } from 'commander'
import type { GlobalOptions } from '../commands/global-options.js'
import type { CliIo } from '../io.js'

/** The property by which an error carries what the user can do next (printed after it). */
export const hintKey = Symbol.for('@krs-kit/cli.hint')

/** Attaches `hint` to an error so that `reportError` prints it after the error. */
export function withHint(e: unknown, hint: string): unknown {
  if (typeof e === 'object' && e !== null) (e as { [hintKey]?: string })[hintKey] = hint
  return e
}

/** The hint an error carries, if any. */
export function hintOf(e: unknown): string | undefined {
  const hint = typeof e === 'object' && e !== null ? (e as { [hintKey]?: unknown })[hintKey] : undefined
  return typeof hint === 'string' ? hint : undefined
}

/**
 * Runs `fn` once a workflow has started something on the server that it now waits for. When the
 * wait ends early (timeout, network, Ctrl-C), the user is told what is still there and the command
 * that picks it up again: `hint()`.
 */
export async function whileStarted<T>(io: CliIo, hint: () => string, fn: () => Promise<T>): Promise<T> {
  const stop = io.onInterrupt?.(() => io.stderr(`${hint()}\n`))
  try {
    return await fn()
  } catch (e) {
    throw withHint(e, hint())
  } finally {
    stop?.()
  }
}

function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}

/**
 * A `krs` command line that reaches the same server as this run: the connection flags that were
 * given as flags (never the token: it comes from the same place as now), then `words`.
 */
export function commandLine(cmd: Command, words: readonly string[]): string {
  const g = cmd.optsWithGlobals<GlobalOptions>()
  const connection = [
    ...(g.profile !== undefined ? ['--profile', g.profile] : []),
    ...(g.baseUrl !== undefined ? ['--base-url', g.baseUrl] : []),
    ...(g.envId !== undefined ? ['--env-id', g.envId] : []),
  ]
  return ['krs', ...connection, ...words].map(shellWord).join(' ')
}
