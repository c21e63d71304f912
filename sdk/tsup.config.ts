import { defineConfig } from 'tsup'

/**
 * The private contract package's names → the declarations `tsc -b ../contract` wrote, for the
 * declaration build: as files of this build (not a package, which would stay an import), its
 * types are inlined into the published declarations.
 */
const contractPaths = {
  '@krs-kit/contract/admin-surfaces': ['../contract/dist/admin-surfaces.d.ts'],
  '@krs-kit/contract/answer-check': ['../contract/dist/answer-check.d.ts'],
  '@krs-kit/contract/compare': ['../contract/dist/compare.d.ts'],
  '@krs-kit/contract/*': ['../contract/dist/generated/*'],
}

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
  // The private contract package's types are inlined into the declarations (it is not published):
  // `paths` send its names to the declarations `tsc -b ../contract` wrote (the build script runs it
  // first), files of this build rather than a package, which would stay an import.
  dts: cli.env?.KRS_DTS === 'off' ? false : { compilerOptions: { composite: false, paths: contractPaths } },
  target: 'es2022',
  platform: 'neutral',
  sourcemap: false,
  clean: cli.env?.KRS_DTS !== 'off',
  treeshake: true,
}))
