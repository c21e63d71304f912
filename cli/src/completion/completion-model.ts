/** What the shell scripts complete: each command word, its description and its words. */
export interface CompletionEntry {
  /** The names that select it (API name and alias, or a builtin's name). */
  names: string[]
  description: string
  /** Subcommand names and flags (`--member-table-id`). */
  words: string[]
}

export interface CompletionModel {
  entries: CompletionEntry[]
  globalFlags: string[]
  /** Global flags that take a value (the next word is not a command). */
  valueFlags: string[]
}
