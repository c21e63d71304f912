// The table `krs --help` lists. In the build (tsup.config.ts) this module is replaced by
// the same table as a literal, so that the help never loads the 270 KB registry.
import { commandIndexFrom, type CommandIndex } from './command-index-from.js'
import { operations, tags } from '@krs-kit/contract/operations'

export const commandIndex: CommandIndex = commandIndexFrom(operations, tags)
