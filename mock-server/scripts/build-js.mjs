#!/usr/bin/env node
// `npm run build:js`: the JavaScript of the emulator without declarations (the root
// `npm start` runs it before serving dist/bin.js). Fast when nothing changed: it rebuilds
// only when a source is newer than the output, and builds the zip dictionary only when it
// is missing or stale. `--force` always rebuilds the JavaScript.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
// The repository's shared staleness check (this script runs in the repository only; it is not packed).
import { isStale } from '../../scripts/lib/stale-build.mjs'

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const force = process.argv.includes('--force')

function run(args, label) {
  const r = spawnSync(process.execPath, args, { cwd: pkg, stdio: 'inherit' })
  if (r.status !== 0) {
    process.stderr.write(`build:js: ${label} failed (exit ${r.status ?? r.signal})\n`)
    process.exit(r.status ?? 1)
  }
}

// The zip dictionary (data/zip-dictionary.txt): the same check as build-zip-dictionary.ts --if-stale.
const zipPath = join(pkg, 'data', 'zip-dictionary.txt')
const zipVersion = JSON.parse(readFileSync(require.resolve('jquery-jpostal-ja/package.json'), 'utf8')).version
const zipHead = existsSync(zipPath) ? readFileSync(zipPath, 'utf8').slice(0, 200).split('\n')[0].split('\t') : []
if (zipHead[0] !== 'krs-zip/1' || zipHead[1] !== `jquery-jpostal-ja@${zipVersion}`) {
  run(['--import', 'tsx', join(pkg, 'scripts', 'build-zip-dictionary.ts')], 'the zip dictionary')
}

if (
  force ||
  isStale(pkg, [
    'bin.js',
    'index.js',
    'msw.js',
    'node.js',
    'program.js',
    'options.js',
    'internal.js',
    'ajv-packages.js',
    'browser/index.js',
    'browser/msw.js',
  ])
) {
  run([require.resolve('tsup/dist/cli-default.js'), '--env.KRS_DTS', 'off', '--silent'], 'tsup')
}
