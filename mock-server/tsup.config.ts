import { defineConfig, type Options } from 'tsup'
import { browserBuildPlugin, entryPoints } from './entry-points.js'

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

// Two builds:
// - the library (ESM + declarations): the entry points of entry-points.ts; dependencies stay external;
// - the `krs-mock` bin (dist/bin.js, which the root `npm start` runs): the package's own code
//   in one file (minified whitespace and syntax); its dependencies are imported from where npm
//   installed them (they are there anyway for the library), so the tarball does not carry a
//   second copy of them. The `--smtp` relay (and nodemailer) is a chunk loaded on demand.
// `npm run build:js` (`tsup --env.KRS_DTS off`) skips the slow declaration step.
// `prepack` builds with `--env.KRS_PACK on`: no source maps in the tarball (they would point
// at sources that are not shipped); local builds keep them for readable stack traces.
export default defineConfig((cli): Options[] => {
  const dtsOff = cli.env?.KRS_DTS === 'off'
  const sourcemap = cli.env?.KRS_PACK !== 'on'
  // tsconfig.json only names the src and test projects; the declarations come from the src one.
  const common: Options = {
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    sourcemap,
    tsconfig: 'tsconfig.src.json',
  }
  return [
    {
      ...common,
      entry: Object.fromEntries(Object.values(entryPoints).map((e) => [e.dist, e.source])),
      dts: dtsOff
        ? false
        : {
            // The workspace tsconfig is a composite project (tsc -b); the d.ts build is not. Its
            // `paths` send the SDK's name to the SDK's sources for tsc -b; the declarations
            // import the installed package instead (an optional peer, left external).
            // The private contract package is inlined the same way: its names go to the declarations
            // `tsc -b ../contract` wrote (the build script runs it first).
            compilerOptions: { composite: false, incremental: false, paths: contractPaths },
          },
      clean: !dtsOff,
      splitting: true,
      // Less to parse when a test file imports the emulator (its start is measured by
      // bench/emulator-startup.ts); names stay readable, and local builds keep source maps.
      minifyWhitespace: true,
      minifySyntax: true,
    },
    {
      ...common,
      entry: { bin: 'src/program/bin.ts' },
      // Less to parse at start; names stay readable (and, in local builds, the source map maps them back).
      minifyWhitespace: true,
      minifySyntax: true,
      // The SMTP relay (dynamically imported with --smtp) becomes its own chunk, so its
      // static import of nodemailer is not loaded at start.
      splitting: true,
    },
    {
      ...common,
      // dist/ajv-packages.js: Ajv and ajv-formats bundled into one file, which the emulator
      // requires under Node on first use (src/lib/lazy-ajv.ts) instead of their ~80 files. A
      // build of its own: the other builds keep importing Ajv's run-time helpers (used by the
      // request validators) from the package, so their validator chunks stay one shared copy.
      entry: { 'ajv-packages': 'src/lib/ajv-packages.ts' },
      noExternal: [/^ajv(\/|$)/, /^ajv-formats(\/|$)/],
      minifyWhitespace: true,
      minifySyntax: true,
    },
    {
      ...common,
      // The browser doors (`browser` condition of `.` and `./msw` in package.json exports): the
      // same sources with the browser builds' two replacements (browserBuildPlugin): Ajv
      // imported with the engine and the request schemas compiled there.
      platform: 'browser',
      esbuildPlugins: [browserBuildPlugin()],
      target: 'es2022',
      entry: { index: 'src/index.ts', msw: 'src/msw/index.ts' },
      outDir: 'dist/browser',
      splitting: true,
      minifyWhitespace: true,
      minifySyntax: true,
    },
  ]
})
