#!/usr/bin/env node
// The type checker of the vitest projects with typecheck tests (generator, sdk): tsc, with the
// arguments vitest gives it, except the incremental state file. vitest names one file for every
// project (tsconfig.tmp.tsbuildinfo in its own dist/), so each project's check overwrote the
// other's and every run checked from scratch; here each tsconfig keeps its own file under
// node_modules/.cache, and a run where nothing changed reuses it (tsc's incremental check is
// sound: a changed file, option or dependency is checked again).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const project = args.indexOf('-p')
const at = args.indexOf('--tsBuildInfoFile')
if (project >= 0 && at >= 0) {
  const name = relative(root, resolve(args[project + 1])).replace(/[\\/]/g, '+')
  args[at + 1] = join(root, 'node_modules', '.cache', 'vitest-typecheck', `${name}.tsbuildinfo`)
}
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const r = spawnSync(process.execPath, [tsc, ...args], { stdio: 'inherit' })
process.exit(r.status ?? 1)
