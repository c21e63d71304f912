/**
 * Run before every site build and start, after prepare:contract. Writes git-ignored files
 * under static/playground-runtime/ that only the /playground pages load:
 *   runtime.js            the emulator (engine + MSW door), Ajv and json-schema-faker, bundled by esbuild
 *   registry.json         the 61 operations (description, rights, option, errors, request schema) and the error catalogue
 *   zip-dictionary.txt    the emulator's zip dictionary (mock-server/data), fetched on the first zip lookup
 * and static/mockServiceWorker.js when missing (it is committed; `npx msw init playground/static`).
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { operations } from '../../mock-server/src/generated/operations.js'
import { playgroundRegistry } from './playground-registry.js'
import type { ErrorEntry } from './site-data.js'

const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = join(siteDir, '..')
const outDir = join(siteDir, 'static', 'playground-runtime')
mkdirSync(outDir, { recursive: true })

const catalogue = JSON.parse(readFileSync(join(siteDir, '.generated', 'error-catalogue.json'), 'utf8')) as ErrorEntry[]
writeFileSync(join(outDir, 'registry.json'), JSON.stringify(playgroundRegistry(operations as never, catalogue)))

const zipText = join(repoRoot, 'mock-server', 'data', 'zip-dictionary.txt')
if (!existsSync(zipText)) {
  execFileSync('npx', ['tsx', 'mock-server/scripts/build-zip-dictionary.ts', '--if-stale'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
}
copyFileSync(zipText, join(outDir, 'zip-dictionary.txt'))

const workerFile = join(siteDir, 'static', 'mockServiceWorker.js')
if (!existsSync(workerFile)) {
  const require = createRequire(import.meta.url)
  copyFileSync(require.resolve('msw/mockServiceWorker.js', { paths: [repoRoot] }), workerFile)
}

const result = await build({
  entryPoints: [join(siteDir, 'runtime', 'index.ts')],
  outfile: join(outDir, 'runtime.js'),
  bundle: true,
  platform: 'browser',
  inject: [join(siteDir, 'runtime', 'buffer-shim.ts')],
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
})
if (result.errors.length > 0) process.exit(1)
console.log(
  `[prepare-playground] ${Object.keys(operations).length} operations; runtime, registry and zip dictionary in static/playground-runtime/`,
)
