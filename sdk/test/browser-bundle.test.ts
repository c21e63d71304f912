import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The SDK must build for browsers: no Node built-in may be reachable from src/index.ts.
describe('browser build', () => {
  it('bundles src/index.ts for the browser platform without Node built-ins', async () => {
    const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url))
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.some((i) => i.endsWith('src/request-engine.ts'))).toBe(true)
    expect(inputs.filter((i) => i.includes('node_modules'))).toEqual([]) // no dependency: plain fetch
    const imports = Object.values(result.metafile.inputs).flatMap((i) => i.imports.map((x) => x.path))
    expect(imports.filter((p) => p.startsWith('node:') || p === 'fs' || p === 'http')).toEqual([])
    expect(result.errors).toEqual([])
  })
})
