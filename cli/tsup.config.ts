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
// JMESPath, YAML and the emulator are chunks loaded by the command that needs them.
// The workspace packages (@krs-kit/sdk, @krs-kit/mock-server) are bundled from their sources
// (the `source` export condition), so the CLI build does not depend on their builds; their
// third-party dependencies stay external (they are dependencies of this package).
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
  noExternal: [/^@krs-kit\//],
  esbuildPlugins: [commandIndexLiteral],
  esbuildOptions(options) {
    options.conditions = ['source', 'import', 'node']
  },
}))
