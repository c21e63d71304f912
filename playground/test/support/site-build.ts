import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { siteBuildIsFresh } from '../../../scripts/lib/site-freshness.mjs'

export const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const buildDir = join(siteDir, 'build')

/** The playground runtime's files of the last prepare (names with content hashes), when written. */
function runtimeFiles(): string[] {
  try {
    const names = JSON.parse(readFileSync(join(siteDir, '.generated', 'playground-runtime.json'), 'utf8')) as Record<
      string,
      string
    >
    return Object.values(names).map((n) => `playground-runtime/${n}`)
  } catch {
    return ['playground-runtime/missing']
  }
}

/** Files every complete build has (the site, the playground pages and the playground runtime). */
const expectedFiles = ['index.html', '404.html', 'playground/get_version.html', 'mockServiceWorker.js']

/**
 * Builds the site when playground/build is incomplete or, with `rebuildStale` (the browser
 * tests' global setup, before any file reads the build), older than its sources (the same rule
 * as `npm start`'s: scripts/lib/site-freshness.mjs). Takes a minute or more on a busy machine.
 */
export function ensureSiteBuilt({ rebuildStale = false }: { rebuildStale?: boolean } = {}): void {
  const complete = [...expectedFiles, ...runtimeFiles()].every((f) => existsSync(join(buildDir, f)))
  if (complete && (!rebuildStale || siteBuildIsFresh(join(siteDir, '..'), buildDir))) return
  if (complete) console.log('[e2e] playground/build is older than the site sources: building it again')
  try {
    execFileSync('npm', ['run', 'build'], { cwd: siteDir, stdio: 'inherit' })
  } catch (e) {
    throw new Error(`playground/build is missing and "npm run build -w playground" failed: ${String(e)}`)
  }
}
