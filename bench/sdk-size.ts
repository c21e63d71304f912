// Browser bundle size of @krs-kit/sdk for createKrsClient plus one call, minified and
// gzipped. Printed, not pass/fail. Goal: ≤ 10 KB. Uses the built ESM output (dist/).
// Run: npm run bench:sdk-size -w @krs-kit/bench (builds the SDK first).
import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { reportFigure } from './report.js'

const entry = `
import { createKrsClient } from '@krs-kit/sdk'
const krs = createKrsClient({ baseUrl: location.origin, token: 'token' })
krs.getMemberTables().then((tables) => console.log(tables))
`

const result = await build({
  stdin: { contents: entry, resolveDir: import.meta.dirname, loader: 'js' },
  bundle: true,
  minify: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  write: false,
  metafile: true,
  logLevel: 'silent',
})
const code = result.outputFiles[0]!.contents
const gz = gzipSync(code, { level: 9 })
const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`
console.log('SDK browser bundle: createKrsClient + one call (esbuild, minified, platform browser)')
console.log(`  minified          ${kb(code.byteLength)}`)
console.log(`  minified + gzip   ${kb(gz.byteLength)} (goal ≤ 10 KB)`)
reportFigure({
  name: 'sdk.bundle_gzip',
  value: Number((gz.byteLength / 1024).toFixed(2)),
  unit: 'KB',
  goal: '<= 10 KB',
  baseline: null,
  met: gz.byteLength <= 10 * 1024,
})
const output = Object.values(result.metafile.outputs)[0]!
const parts = new Map<string, number>()
for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
  const key = input.includes('node_modules')
    ? 'dependencies'
    : input.includes('operation-meta')
      ? 'operation metadata (generated)'
      : input.includes('sdk')
        ? '@krs-kit/sdk code'
        : input
  parts.set(key, (parts.get(key) ?? 0) + bytesInOutput)
}
for (const [k, v] of parts) console.log(`    ${k.padEnd(32)} ${kb(v)} minified`)
