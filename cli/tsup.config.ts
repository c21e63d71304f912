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

// ESM, code-split: the entry holds commander and the command table; the registry, JMESPath
// and YAML are chunks loaded by the command that needs them. Dependencies stay external:
// @krs-kit/sdk is a dependency (installed beside the CLI, not bundled a second time), and
// @krs-kit/mock-server an optional peer that `krs mock` imports lazily (it reads its own
// data files next to its dist), as is @krs-kit/mcp for `krs mcp` (it brings the MCP SDK).
// In this repository they resolve to the workspaces' dist/, which the root `prepare` builds
// (`npm install`). The one exception is the emulator's flag table
// (`@krs-kit/mock-server/options`, plain data): compiled in, so `krs mock --help` lists
// krs-mock's flags where the emulator is not installed.
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
  external: ['@krs-kit/sdk', '@krs-kit/mock-server', '@krs-kit/mcp'],
  noExternal: ['@krs-kit/mock-server/options'],
  esbuildPlugins: [commandIndexLiteral],
}))
