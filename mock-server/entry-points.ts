import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'esbuild'

/**
 * The emulator's entry points: the name other packages import, and its source file. The build
 * (tsup.config.ts) makes dist/<file>.js of each; the tools that run the emulator from its
 * sources (the vitest projects of the other packages, the playground's esbuild bundles, the
 * cross tests' krs-mock process) resolve these names to these files, so no file outside this
 * package names a file under src/.
 */
export const entryPoints = {
  '@krs-kit/mock-server': { dist: 'index', source: 'src/index.ts' },
  '@krs-kit/mock-server/msw': { dist: 'msw', source: 'src/msw/index.ts' },
  '@krs-kit/mock-server/node': { dist: 'node', source: 'src/node/index.ts' },
  '@krs-kit/mock-server/testing': { dist: 'testing', source: 'src/testing/index.ts' },
  '@krs-kit/mock-server/program': { dist: 'program', source: 'src/program/index.ts' },
  '@krs-kit/mock-server/options': { dist: 'options', source: 'src/program/options.ts' },
  // Not public API: the repository's own tooling (src/internal.ts says what they hold).
  '@krs-kit/mock-server/internal': { dist: 'internal', source: 'src/internal.ts' },
} as const

/** krs-mock's program, run from its sources by the cross tests (`node --import tsx`). */
export const binSource: string = fileURLToPath(new URL('src/program/bin.ts', import.meta.url))

const absolute = (source: string): string => fileURLToPath(new URL(source, import.meta.url))

/** Entry name → absolute source path (esbuild's `alias`). */
export function sourcePaths(): Record<string, string> {
  return Object.fromEntries(Object.entries(entryPoints).map(([name, e]) => [name, absolute(e.source)]))
}

/** Vite/vitest `resolve.alias` entries: each entry name, exactly, to its source. */
export function sourceAliases(): { find: RegExp; replacement: string }[] {
  return Object.entries(sourcePaths()).map(([name, path]) => ({
    find: new RegExp(`^${name.replace(/[/.]/g, '\\$&')}$`),
    replacement: path,
  }))
}

/**
 * The esbuild plugin of every browser build of the emulator (`dist/browser/` in tsup.config.ts,
 * the playground's bundles, the browser tests): two modules of the sources are replaced there.
 * Off Node nothing can be loaded synchronously on first use, and a scenario given to
 * `createEngine()` is checked before any request, so Ajv is imported with the engine
 * (`lib/lazy-ajv-browser.ts` for `lib/lazy-ajv.ts`); the request schemas are compiled there
 * (`lib/request-validators-browser.ts` for `@krs-kit/contract/request-validators` and
 * `@krs-kit/contract/response-validators`) instead of shipping the code compiled ahead of time for
 * every operation in one script.
 */
export function browserBuildPlugin(): Plugin {
  const lazyAjv = absolute('src/lib/lazy-ajv.ts')
  const browserAjv = absolute('src/lib/lazy-ajv-browser.ts')
  const browserValidators = absolute('src/lib/request-validators-browser.ts')
  return {
    name: 'krs-mock-browser',
    setup(build) {
      // The contract package's validators compiled ahead of time (its request-validators.ts and
      // response-validators.ts): compiled in the browser instead.
      build.onResolve({ filter: /^@krs-kit\/contract\/(?:request|response)-validators$/ }, () => ({
        path: browserValidators,
      }))
      build.onResolve({ filter: /(?:^|\/)lazy-ajv\.js$/ }, (args) =>
        resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts') === lazyAjv ? { path: browserAjv } : undefined,
      )
    },
  }
}
