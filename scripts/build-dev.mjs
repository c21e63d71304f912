#!/usr/bin/env node
/**
 * Builds what running the kit from this repository needs: the JavaScript of the SDK, the
 * emulator (with its zip dictionary), the CLI and the MCP server, without declarations. The root `prepare`
 * (so `npm install` in a fresh clone is followed by working `npx krs`, `npx krs-mock` and
 * `npx krs-mcp`: their committed launchers in cli/bin, mock-server/bin and mcp/bin import dist/) and `pretest` run it.
 *
 * Each package is rebuilt only when one of its inputs is newer than its output, so a second
 * run takes well under a second. `--force` rebuilds all four. Releases build fully in each
 * package's `prepack`.
 */
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isStale, newest } from './lib/stale-build.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const force = process.argv.includes('--force')
const tsup = require.resolve('tsup/dist/cli-default.js')

function run(args, cwd, label) {
  const r = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' })
  if (r.status !== 0) {
    process.stderr.write(`build-dev: ${label} failed (exit ${r.status ?? r.signal})\n`)
    process.exit(r.status ?? 1)
  }
}

const sdk = join(root, 'sdk')
if (force || isStale(sdk, ['index.js', 'index.cjs', 'node.js', 'node.cjs']))
  run([tsup, '--env.KRS_DTS', 'off', '--silent'], sdk, '@krs-kit/sdk')

run(
  [join(root, 'mock-server', 'scripts', 'build-js.mjs'), ...(force ? ['--force'] : [])],
  join(root, 'mock-server'),
  '@krs-kit/mock-server',
)

const cli = join(root, 'cli')
// The CLI's bundle compiles in the emulator's flag table (dist/options.js, built just above).
const flagTableNewer = newest(join(root, 'mock-server', 'dist', 'options.js')) > newest(join(cli, 'dist', 'bin.cjs'))
// Its tsup.config.ts reads the contract package's registry, which is TypeScript: tsx's loader.
if (force || flagTableNewer || isStale(cli, ['bin.cjs']))
  run(['--import', 'tsx', tsup, '--silent'], cli, '@krs-kit/cli')

// The MCP server's guides are the site's pages: copied at each run (a few ms), as their
// changes do not make the JavaScript stale.
const mcp = join(root, 'mcp')
run([join(mcp, 'scripts', 'copy-guides.mjs')], mcp, '@krs-kit/mcp guides')
if (force || isStale(mcp, ['bin.js', 'index.js'])) run([tsup, '--silent'], mcp, '@krs-kit/mcp')
