#!/usr/bin/env node
// `npm start`: build the emulator, build the documentation site when it is missing or
// older than its sources, then serve the API and the site on http://127.0.0.1:4010.
// Extra arguments go to krs-mock (e.g. `npm start -- --members 10000 --clock manual`).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function run(args, label) {
  process.stderr.write(`krs-kit: ${label}\n`)
  const r = spawnSync(npm, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  if (r.status !== 0) {
    process.stderr.write(`krs-kit: "${label}" failed (exit ${r.status ?? r.signal})\n`)
    process.exit(r.status ?? 1)
  }
}

/** Newest modification time (ms) of the files below `dir`, skipping build output. */
function newest(dir) {
  let t = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'build', '.docusaurus', '.generated', 'test', 'test-artifacts'].includes(entry.name)) continue
    const p = join(dir, entry.name)
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

run(['run', 'build:js', '-w', '@krs-kit/mock-server', '--silent'], 'building the emulator')

const site = join(root, 'playground', 'build')
const siteIndex = join(site, 'index.html')
const siteSources = [join(root, 'playground'), join(root, 'spec', 'dist'), join(root, 'mock-server', 'src')]
if (!existsSync(siteIndex) || Math.max(...siteSources.map(newest)) > statSync(siteIndex).mtimeMs) {
  run(['run', 'build', '-w', '@krs-kit/playground', '--silent'], 'building the documentation site (about a minute)')
}

const child = spawn(
  process.execPath,
  [join(root, 'mock-server', 'dist', 'bin.js'), '--static', site, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
