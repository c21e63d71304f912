#!/usr/bin/env node
// `php -l` of every PHP file of the repository (sdk-php/, bench/php/, the generator's
// snapshots) and `composer validate --strict` of its
// composer.json (part of `npm run lint`).
import { spawnSync } from 'node:child_process'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hasCommand, INSTALL_HINT, inCi, phpFiles } from './lib/php.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
if (!hasCommand('php')) {
  process.stderr.write(`lint-php: PHP is not installed: the PHP files were not linted; ${INSTALL_HINT}\n`)
  process.exit(inCi() ? 1 : 0)
}
const files = phpFiles(root)
const failed = []
for (const file of files) {
  const r = spawnSync('php', ['-l', file], { encoding: 'utf8' })
  if (r.status !== 0) failed.push(`${relative(root, file)}:\n${r.stdout}${r.stderr}`)
}
if (failed.length > 0) {
  process.stderr.write(`lint-php: ${failed.length} of ${files.length} PHP files do not parse:\n${failed.join('\n')}\n`)
  process.exit(1)
}
process.stdout.write(`lint-php: ${files.length} PHP files parse (php -l)\n`)
if (!hasCommand('composer')) {
  process.stderr.write(
    `lint-php: Composer is not installed: sdk-php/composer.json was not validated; ${INSTALL_HINT}\n`,
  )
  process.exit(inCi() ? 1 : 0)
}
// Offline: validate reads the file only. Root runs Composer in CI containers. The version field
// is wanted (the release step keeps it equal to the TypeScript SDK's, so that a path repository
// installs without `@dev`), hence --no-check-version.
const composer = spawnSync(
  'composer',
  ['validate', '--strict', '--no-check-lock', '--no-check-version', '--no-interaction'],
  {
    cwd: join(root, 'sdk-php'),
    encoding: 'utf8',
    env: { ...process.env, COMPOSER_ALLOW_SUPERUSER: '1' },
  },
)
if (composer.status !== 0) {
  process.stderr.write(`lint-php: composer validate --strict failed:\n${composer.stdout}${composer.stderr}\n`)
  process.exit(1)
}
process.stdout.write('lint-php: sdk-php/composer.json is valid (composer validate --strict)\n')
