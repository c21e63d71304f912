/**
 * Whether the built docs site is older than what it is built from: the site's own files (not its
 * tests, build output or generated files), the bundled contract and the emulator's sources (the
 * playground runs the emulator in the page). Shared by `npm start` (scripts/start.mjs), which
 * rebuilds a stale site in the background, and the browser tests' global setup
 * (playground/test/support/site-build.ts), which rebuilds it before any browser file starts.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { newest } from './stale-build.mjs'

/** Folders below playground/ that are not the site's sources. */
const SKIPPED = new Set([
  'node_modules',
  'build',
  'build.next',
  'build.old',
  '.docusaurus',
  '.generated',
  'test',
  'test-artifacts',
])

/** Newest modification time (ms) of the site's sources in the repository at `root`. */
export function siteSourcesNewest(root) {
  return Math.max(
    ...[join(root, 'playground'), join(root, 'spec', 'dist'), join(root, 'mock-server', 'src')].map((dir) =>
      newest(dir, SKIPPED),
    ),
  )
}

/** True when `siteDir/index.html` exists and is at least as new as every source of the site. */
export function siteBuildIsFresh(root, siteDir) {
  const built = statSync(join(siteDir, 'index.html'), { throwIfNoEntry: false })
  return built !== undefined && siteSourcesNewest(root) <= built.mtimeMs
}
