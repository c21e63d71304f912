import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { browserBuildPlugin } from '../../entry-points.js'

// The engine runs in browsers (MSW setupWorker, the playground): bundling the MSW door and
// the engine for the browser must succeed, which fails on any Node built-in reachable
// from them. (esbuild comes with tsup, the build tool of this package.)
describe('browser bundle', () => {
  for (const entry of ['../../src/index.ts', '../../src/msw/index.ts']) {
    it(`${entry.slice(6)} bundles for platform "browser"`, async () => {
      const result = await build({
        entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
        bundle: true,
        platform: 'browser',
        plugins: [browserBuildPlugin()],
        format: 'esm',
        write: false,
        external: ['msw'],
        logLevel: 'silent',
        metafile: true,
      })
      expect(result.errors).toEqual([])
      expect(result.outputFiles[0]!.contents.length).toBeGreaterThan(100_000)
      // browserBuildPlugin: Ajv imported with the engine, the schemas compiled in the browser,
      // not the code compiled ahead of time for every operation
      const inputs = Object.keys(result.metafile.inputs)
      expect(inputs.filter((f) => f.endsWith('src/lib/request-validators-browser.ts'))).toHaveLength(1)
      expect(inputs.filter((f) => f.endsWith('src/lib/lazy-ajv-browser.ts'))).toHaveLength(1)
      expect(inputs.filter((f) => f.endsWith('src/lib/lazy-ajv.ts'))).toEqual([])
      expect(inputs.filter((f) => /generated\/(?:request|response)-validators/.test(f))).toEqual([])
    })
  }
})
