import type { Plugin } from 'esbuild'
import { defineConfig } from 'tsup'
import { commandIndexFrom } from './src/command-index-from.js'
import { operations, tags } from './src/generated/operations.js'

/**
 * `src/command-index.ts` computes the help table from the 270 KB registry; in the build it
 * becomes that table as a literal, so `krs --help` loads neither the registry nor the SDK.
 */
const commandIndexLiteral: Plugin = {
  name: 'krs-command-index',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]command-index\.ts$/ }, () => ({
      contents: `// Built from src/generated/operations.ts by tsup.config.ts.\nexport const commandIndex = ${JSON.stringify(commandIndexFrom(operations, tags))}\n`,
      loader: 'ts',
    }))
  },
}

// ESM, code-split: the entry holds commander and the command table; the registry, the SDK,
// JMESPath and YAML are chunks loaded by the command that needs them.
// @krs-kit/sdk is bundled from its sources (the `source` export condition): the CLI build
// does not need the SDK's build. @krs-kit/mock-server stays external (`krs mock` imports
// `@krs-kit/mock-server/node` lazily): it reads its own data files next to its dist, so it
// must be built before `krs mock` runs (the root `npm run build` builds it before the CLI).
export default defineConfig((cli) => ({
  entry: { bin: 'src/bin.ts' },
  outDir: cli.outDir ?? 'dist',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  sourcemap: false,
  clean: true,
  dts: false,
  noExternal: ['@krs-kit/sdk'],
  esbuildPlugins: [commandIndexLiteral],
  esbuildOptions(options) {
    options.conditions = ['source', 'import', 'node']
  },
}))
