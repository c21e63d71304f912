import type { FlagSpec } from '../schema/flag-spec.js'
import { globalOptions, type GlobalOption, type GlobalOptions } from './global-options.js'

/** What one API command was given: the global options and the value of each body flag given. */
export interface OperationArgs {
  /** The global options, and `--body`. */
  globals: GlobalOptions
  /** Body key → the flag's text (`true` for a boolean flag given without a value). */
  values: Map<string, string | boolean>
}

const globalsByName = new Map<string, GlobalOption>()
for (const o of globalOptions) {
  globalsByName.set(o.long, o)
  if (o.short) globalsByName.set(o.short, o)
}

/**
 * Reads `krs <operation> …` without commander, in the shapes scripts write: the command word
 * (API name or alias); global options before or after it; after it, the operation's flags and
 * `--body`; each as `--name value` or `--name=value`, or alone for a switch (and for a boolean
 * flag, whose value is the next word unless that starts with `-`); `-o`, `-q`, `-r` on their own.
 *
 * Anything else is undefined, and the command line goes to commander, which reads it or says
 * what is wrong: help and version, `--`, an unknown flag, a flag before the command that only
 * the command has, an extra word, a missing value, a value that starts with `-`, short flags
 * run together. What this reads, it reads as commander does: `test/operation-argv.test.ts`
 * compares the two on generated command lines.
 */
export function readOperationArgv(
  argv: readonly string[],
  name: string,
  flags: readonly FlagSpec[],
): OperationArgs | undefined {
  const alias = name.replace(/_/g, '-')
  const byFlag = new Map(flags.map((f) => [`--${f.flag}`, f]))
  const globals: Record<string, string | boolean> = {}
  const values = new Map<string, string | boolean>()
  let command = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (!arg.startsWith('-')) {
      if (command || (arg !== name && arg !== alias)) return undefined
      command = true
      continue
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1
    const flag = eq > 2 ? arg.slice(0, eq) : arg
    const inline = eq > 2 ? arg.slice(eq + 1) : undefined
    /** The flag's value: after `=`, else the next word (none, or one that starts with `-`: undefined). */
    const value = (): string | undefined => {
      if (inline !== undefined) return inline
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('-')) return undefined
      i++
      return next
    }
    const global = globalsByName.get(flag)
    if (global) {
      if (global.value === undefined) {
        if (inline !== undefined) return undefined
        globals[global.key] = true
        continue
      }
      const v = value()
      if (v === undefined) return undefined
      globals[global.key] = v
      continue
    }
    // The command's own flags are the command's: before it, commander refuses them.
    if (!command) return undefined
    if (flag === '--body') {
      const v = value()
      if (v === undefined) return undefined
      globals.body = v
      continue
    }
    const spec = byFlag.get(flag)
    if (!spec) return undefined
    const v = value()
    // A boolean flag's value is optional: alone, it is true.
    if (spec.kind === 'boolean') {
      values.set(spec.key, v ?? true)
      continue
    }
    if (v === undefined) return undefined
    values.set(spec.key, v)
  }
  return command ? { globals: globals as GlobalOptions, values } : undefined
}
