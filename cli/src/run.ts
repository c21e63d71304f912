import { readOperationArgv } from './commands/operation-argv.js'
import { operationFlags } from './commands/operation-flags.js'
import { applyGlobalOptions } from './commands/global-options.js'
import { runOperation } from './commands/run-operation.js'
import { commandWord } from './command-word.js'
import { exitCodes, UsageError } from './exit-codes.js'
import { isOperationName, type OperationName } from '@krs-kit/contract/operation-names'
import { pickLang, setLang, t } from './i18n/lang.js'
import type { CliIo } from './io.js'
import { loadOperation } from './operation-loader.js'
import { reportError } from './report-error.js'
import { version } from './version.js'

/** The operation a command word names: its API name or its kebab-case alias, exactly. */
function operationOf(word: string | undefined): OperationName | undefined {
  if (word === undefined) return undefined
  const name = word.replace(/-/g, '_')
  return isOperationName(name) && (word === name || word === name.replace(/_/g, '-')) ? name : undefined
}

/**
 * `krs <argv>`: returns the exit code. An API call in the common shape (`krs get-member-info
 * --member-table-id 1 -o table`) is read and run here, without commander and the command tree:
 * each `krs` command is a new process, and this is the path scripts take over and over. The
 * rest (help, the hand-written commands, whatever `readOperationArgv` leaves) goes to
 * commander's program (program.ts), which runs the same `runOperation`.
 */
export async function run(argv: readonly string[], outerIo: CliIo): Promise<number> {
  const picked = pickLang(argv, outerIo.env)
  setLang(typeof picked === 'string' ? picked : 'en')
  const io: CliIo = { ...outerIo, session: { verbose: false, timeoutMs: undefined, emulator: false } }
  if (typeof picked !== 'string') return reportError(new UsageError(t('err.badLang', { value: picked.invalid })), io)
  if (argv[0] === '__complete') return (await import('./program.js')).complete(argv.slice(1), io)
  // `krs --version` alone, as scripts and bug reports ask it: what commander would print, without it.
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    io.stdout(`${version}\n`)
    return exitCodes.ok
  }
  const name = operationOf(commandWord(argv))
  if (name !== undefined) {
    try {
      const { info } = await loadOperation(name)
      const flags = operationFlags(info)
      const args = readOperationArgv(argv, name, flags)
      if (args) {
        applyGlobalOptions(args.globals, io.session!)
        await runOperation(info, flags, args, io)
        return exitCodes.ok
      }
    } catch (e) {
      return reportError(e, io, io.session?.verbose, io.session?.errorFormat)
    }
  }
  return (await import('./program.js')).runProgram(argv, io)
}
