import { defineConfig } from 'tsup'

// ESM only, for Node. @krs-kit/sdk and the MCP SDK stay external dependencies. Declarations
// only for the published build (`prepack`: --env.KRS_DTS on); the repository's bin launcher
// needs the JavaScript alone (scripts/build-dev.mjs). The guides are copied first.
export default defineConfig((cli) => ({
  entry: { bin: 'src/bin.ts', index: 'src/index.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  sourcemap: false,
  // Whitespace only, as the emulator's and the CLI's builds: fewer bytes to install and to read
  // at each start; names stay readable in stack traces.
  minifyWhitespace: true,
  clean: true,
  dts: cli.env?.KRS_DTS === 'on' ? { entry: { index: 'src/index.ts' }, compilerOptions: { composite: false } } : false,
  external: ['@krs-kit/sdk', /^@modelcontextprotocol\/sdk/],
}))
