/** One line of the lazy command table: what `krs --help` needs, and nothing more. */
export interface CommandIndexEntry {
  /** The API name (`get_member_tables`). */
  name: string
  /** The kebab-case alias (`get-member-tables`). */
  alias: string
  tag: string
  /** The contract's short Japanese summary. */
  summary: string
}

export interface CommandIndex {
  commands: readonly CommandIndexEntry[]
  /** Tag name → Japanese title, in contract order. */
  tags: readonly { name: string; title: string }[]
}

/** Builds the table from the full registry (at build time, or in development). */
export function commandIndexFrom(
  operations: Record<string, { name: string; tag: string; summary: string }>,
  tags: readonly { name: string; description: string }[],
): CommandIndex {
  return {
    commands: Object.values(operations).map((o) => ({
      name: o.name,
      alias: o.name.replace(/_/g, '-'),
      tag: o.tag,
      summary: o.summary,
    })),
    tags: tags.map((t) => ({ name: t.name, title: t.description })),
  }
}
