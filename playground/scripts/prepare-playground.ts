/**
 * Run before every site build and start, after prepare:contract. Writes git-ignored files
 * under static/playground-runtime/ that only the /playground pages load, each named with a
 * hash of its content (the server lets browsers keep such files):
 *   runtime.<hash>.js         the page's part (runtime/index.ts): MSW routes forwarding to the engine's worker
 *   engine.<hash>.js          the engine's Web Worker (runtime/engine-worker.ts): the emulator, Ajv, json-schema-faker
 *   registry.<hash>.json      every operation (description, rights, option, errors, request schema) and the error catalogue
 *   zip-dictionary.<hash>.txt the emulator's zip dictionary (mock-server/data), fetched on the first zip lookup
 * the names in .generated/playground-runtime.json (imported by the page's runtime-loader.ts),
 * and static/mockServiceWorker.js when missing (it is committed; `npx msw init playground/static`).
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type BuildOptions } from 'esbuild'
import { browserBuildPlugin, sourcePaths } from '../../mock-server/entry-points.js'
import { operations } from '@krs-kit/contract/operations'
import { playgroundRegistry } from './playground-registry.js'
import type { ErrorEntry } from './site-data.js'
import { writeIfChanged } from './write-if-changed.js'

const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = join(siteDir, '..')
const outDir = join(siteDir, 'static', 'playground-runtime')
mkdirSync(outDir, { recursive: true })
/** The names this run wrote or found unchanged; every other file of outDir is removed at the end. */
const kept = new Set<string>()

/**
 * Writes `<stem>.<hash>.<ext>` into outDir (unless a file of that name, thus that content, is
 * there already) and returns that name. An unchanged prepare rewrites and removes nothing, so it
 * can run while a site build copies static/.
 */
function writeHashed(stem: string, ext: string, content: string | Uint8Array): string {
  const name = `${stem}.${createHash('sha256').update(content).digest('hex').slice(0, 12)}.${ext}`
  writeIfChanged(join(outDir, name), content)
  kept.add(name)
  return name
}

const catalogue = JSON.parse(readFileSync(join(siteDir, '.generated', 'error-catalogue.json'), 'utf8')) as ErrorEntry[]
const registryFile = writeHashed('registry', 'json', JSON.stringify(playgroundRegistry(operations as never, catalogue)))

const zipText = join(repoRoot, 'mock-server', 'data', 'zip-dictionary.txt')
if (!existsSync(zipText)) {
  execFileSync('npx', ['tsx', 'mock-server/scripts/build-zip-dictionary.ts', '--if-stale'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
}
const zipFile = writeHashed('zip-dictionary', 'txt', readFileSync(zipText))

const workerFile = join(siteDir, 'static', 'mockServiceWorker.js')
if (!existsSync(workerFile)) {
  const require = createRequire(import.meta.url)
  copyFileSync(require.resolve('msw/mockServiceWorker.js', { paths: [repoRoot] }), workerFile)
}

const common: BuildOptions = {
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
  // The emulator from its sources, not a possibly stale dist/ (the same names, its entry points).
  alias: sourcePaths(),
  plugins: [browserBuildPlugin()],
}

async function bundle(entry: string, options: BuildOptions): Promise<Uint8Array> {
  const result = await build({ ...common, ...options, entryPoints: [join(siteDir, 'runtime', entry)] })
  if (result.errors.length > 0 || !result.outputFiles?.[0]) process.exit(1)
  return result.outputFiles[0].contents
}

// A classic worker script (no module worker needed).
const engineFile = writeHashed(
  'engine',
  'js',
  await bundle('engine-worker.ts', {
    format: 'iife',
    // A classic script has no import.meta; the one use (lib/lazy-dependency.ts, Node's
    // createRequire) is reached only under Node, so it is defined away instead of warned about.
    define: { 'import.meta.url': 'undefined' },
    inject: [join(siteDir, 'runtime', 'buffer-shim.ts')],
    outfile: join(outDir, 'engine.js'),
  }),
)
const runtimeFile = writeHashed(
  'runtime',
  'js',
  await bundle('index.ts', {
    format: 'esm',
    define: { __KRS_ENGINE_FILE__: JSON.stringify(`./${engineFile}`) },
    // MSW's cookie jar is never filled by the emulator (runtime/no-cookie-jar.ts).
    alias: { ...common.alias, 'tough-cookie': join(siteDir, 'runtime', 'no-cookie-jar.ts') },
    outfile: join(outDir, 'runtime.js'),
  }),
)
writeIfChanged(
  join(siteDir, '.generated', 'playground-runtime.json'),
  `${JSON.stringify({ runtime: runtimeFile, engine: engineFile, registry: registryFile, zipDictionary: zipFile }, null, 2)}\n`,
)
// The files of earlier prepares (other hashes), once the new names are in place.
for (const name of readdirSync(outDir)) if (!kept.has(name)) rmSync(join(outDir, name), { force: true })
console.log(
  `[prepare-playground] ${Object.keys(operations).length} operations; ${runtimeFile}, ${engineFile}, ${registryFile} and ${zipFile} in static/playground-runtime/`,
)
