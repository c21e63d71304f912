/** Edit distance (insertions, deletions, substitutions, swaps of neighbours) between two names. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[]
    const up = d[i - 1] as number[]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1)
    }
  }
  return (d[a.length] as number[])[b.length] as number
}

/**
 * The known names closest to a mistyped one (case aside): those within about a third of its
 * length in edits, nearest first; none when nothing is that close.
 */
export function similarNames(given: string, known: readonly string[]): string[] {
  const g = given.toLowerCase()
  const limit = Math.max(1, Math.floor(g.length / 3))
  const scored = known
    .map((name) => ({ name, d: distance(g, name.toLowerCase()) }))
    .filter((s) => s.d <= limit || (g.length >= 3 && s.name.toLowerCase().startsWith(g)))
  const best = Math.min(...scored.map((s) => s.d))
  return scored.filter((s) => s.d === best).map((s) => s.name)
}
