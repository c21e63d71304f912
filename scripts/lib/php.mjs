/**
 * The PHP SDK's checks from npm scripts: whether PHP (and PHPUnit) are installed, what to
 * say when they are not, and `php -l` of every PHP file. Without PHP the checks are skipped
 * with a note, except under CI=true, where a missing PHP is a failure (CI installs it: .ci/run).
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

export const INSTALL_HINT =
  'install PHP to run it: apt-get install php-cli php-curl php-mbstring php-xml phpunit php-guzzlehttp-guzzle composer'

/** True when `cmd --version` runs. */
export function hasCommand(cmd) {
  return spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0
}

export const inCi = () => process.env.CI === 'true' || process.env.CI === '1'

const skipped = new Set(['node_modules', 'vendor', 'dist', 'build'])

/** Every .php file below `dir` (dependencies, build output and dot folders left out), sorted. */
export function phpFiles(dir) {
  const out = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(e.name) || e.name.startsWith('.')) continue
    const path = join(dir, e.name)
    if (e.isDirectory()) out.push(...phpFiles(path))
    else if (e.name.endsWith('.php')) out.push(path)
  }
  return out.sort()
}
