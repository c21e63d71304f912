import { defineConfig } from 'tsup'

// Dual ESM + CJS build with declarations. openapi-fetch stays an external dependency.
// The main entry targets the browser baseline as well as Node 20: it imports no Node built-in.
// `node` (`@krs-kit/sdk/node`, the node:http transport) is Node only; its built-ins stay imports.
// `sdk/node/package.json` points resolvers without `exports` (TypeScript's node10) at its files.
// No source maps: the package ships dist/ only, and a map would point at unshipped sources.
// `npm run build:js` (`tsup --env.KRS_DTS off`) skips the slow declaration step (the root
// `prepare` uses it so that the CLI runs in a fresh clone; `prepack` builds everything).
export default defineConfig((cli) => ({
  entry: { index: 'src/index.ts', node: 'src/node-transport.ts' },
  external: [/^node:/],
  removeNodeProtocol: false,
  format: ['esm', 'cjs'],
  dts: cli.env?.KRS_DTS === 'off' ? false : { compilerOptions: { composite: false } },
  target: 'es2022',
  platform: 'neutral',
  sourcemap: false,
  clean: cli.env?.KRS_DTS !== 'off',
  treeshake: true,
}))
