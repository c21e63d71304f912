import { defineConfig, type Options } from 'tsup'

// Two builds:
// - the library (ESM + declarations): '.', './msw', './node'; dependencies stay external;
// - the `krs-mock` bin (dist/bin.js, which the root `npm start` runs): one self-contained
//   file with its dependencies bundled, so the server starts without resolving hundreds of
//   modules (start-time goal < 1 s).
// `npm run build:js` (`tsup --env.KRS_DTS off`) skips the slow declaration step.
export default defineConfig((cli): Options[] => {
  const dtsOff = cli.env?.KRS_DTS === 'off'
  const common: Options = { format: ['esm'], target: 'node20', platform: 'node', sourcemap: true }
  return [
    {
      ...common,
      entry: { index: 'src/index.ts', msw: 'src/msw/index.ts', node: 'src/node/index.ts' },
      dts: dtsOff
        ? false
        : {
            // The workspace tsconfig is a composite project (tsc -b); the d.ts build is not.
            compilerOptions: { composite: false, incremental: false },
          },
      clean: !dtsOff,
      splitting: true,
    },
    {
      ...common,
      entry: { bin: 'src/node/bin.ts' },
      noExternal: [/.*/],
      // Bundled CommonJS dependencies (ajv) call require() for Node built-ins.
      banner: { js: "import { createRequire as __krsCreateRequire } from 'node:module'; const require = __krsCreateRequire(import.meta.url);" },
      splitting: false,
    },
  ]
})
