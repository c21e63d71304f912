import { fileURLToPath } from 'node:url'

/**
 * The CLI's names for this repository's own tooling, not published (the package ships its
 * `krs` bin only): `@krs-kit/cli/internal` runs `krs` in process (`run(argv, io)`), which the
 * site's doc-example test uses. The tools that need it map the name to the source with
 * `sourceAliases()` (vitest) or `paths` (tsconfig), so no other package names a file under src/.
 */
export const entryPoints = {
  '@krs-kit/cli/internal': { source: 'src/internal.ts' },
} as const

/** Vite/vitest `resolve.alias` entries: each name, exactly, to its source. */
export function sourceAliases(): { find: RegExp; replacement: string }[] {
  return Object.entries(entryPoints).map(([name, e]) => ({
    find: new RegExp(`^${name.replace(/[/.]/g, '\\$&')}$`),
    replacement: fileURLToPath(new URL(e.source, import.meta.url)),
  }))
}
