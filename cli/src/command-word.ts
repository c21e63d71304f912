import { valueOptions } from './commands/global-options.js'

/** The first word that is not an option or an option's value: the command to build in full. */
export function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    if (a === '--') return argv[i + 1]
    if (a.startsWith('-')) {
      if (valueOptions.has(a)) i++
      continue
    }
    if (a === 'help') continue
    return a
  }
  return undefined
}
