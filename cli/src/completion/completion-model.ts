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
  /** Flags whose value is one of a fixed list (`-o` → json yaml table csv). */
  flagValues: { flags: string[]; values: string[] }[]
  /** Flags that take a file, and a folder. */
  fileFlags: string[]
  dirFlags: string[]
  /** Flags that take an operation name (`mock journal --operation`). */
  operationFlags: string[]
  operationNames: string[]
  /** Flags and positions completed from the profile file (`krs config profiles`). */
  profileFlags: string[]
  /** `<command> <subcommand> <TAB>`: values of a positional argument. */
  positional: { path: [string, string]; values?: string[]; profiles?: boolean; files?: boolean }[]
  /** `<command> <TAB>` for commands whose first argument is a value. */
  firstArgument: { command: string; values: string[] }[]
}
