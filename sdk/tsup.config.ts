import { defineConfig } from 'tsup'

// Dual ESM + CJS build with declarations. openapi-fetch stays an external dependency.
// The target is the browser baseline as well as Node 20: no Node built-ins are imported.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { composite: false } },
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  clean: true,
  treeshake: true,
})
