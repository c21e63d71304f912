import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from './support/paths.js'

// A machine without PHP: scripts/run-tests.mjs (and scripts/lint-php.mjs) run with a PATH that holds only
// node (no php, no phpunit) and a vitest filter that matches no file, so that only its PHP
// step decides the outcome.
describe('npm test and npm run lint without PHP', () => {
  const bin = mkdtempSync(join(tmpdir(), 'no-php-'))
  symlinkSync(process.execPath, join(bin, 'node'))
  afterAll(() => rmSync(bin, { recursive: true, force: true }))

  const runTests = (ci: boolean) =>
    spawnSync(
      process.execPath,
      [join(repoRoot, 'scripts/run-tests.mjs'), 'no-such-test-file-php-note', '--passWithNoTests'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, PATH: bin, CI: ci ? 'true' : '', FORCE_COLOR: '0' },
        timeout: 120_000,
      },
    )

  it('passes and says in its last lines that the PHP suite did not run and how to install PHP', () => {
    const r = runTests(false)
    const last = r.stdout.trimEnd().split('\n').slice(-2)
    expect(last[0]).toMatch(/^npm test: passed in /)
    expect(last[1]).toContain('the PHP suite (sdk-php) did NOT run')
    expect(last[1]).toContain('apt-get install php-cli')
    expect(r.status).toBe(0)
  })

  it('fails under CI=true', () => {
    const r = runTests(true)
    const last = r.stdout.trimEnd().split('\n').slice(-2)
    expect(last[0]).toMatch(/^npm test: FAILED \(exit 1\)/)
    expect(last[1]).toContain('did NOT run: PHP or PHPUnit is not installed (a failure under CI)')
    expect(r.status).toBe(1)
  })
  it('npm run lint: the PHP lint says it did not run, and fails under CI=true', () => {
    const lint = (ci: boolean) =>
      spawnSync(process.execPath, [join(repoRoot, 'scripts/lint-php.mjs')], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, PATH: bin, CI: ci ? 'true' : '' },
      })
    const local = lint(false)
    expect(local.stderr).toContain('PHP is not installed: the PHP files were not linted')
    expect(local.status).toBe(0)
    expect(lint(true).status).toBe(1)
  })
})
