/**
 * When a package's JavaScript must be rebuilt: its outputs under `dist/` are older than its
 * sources, the contract package's, its package.json or tsup config, or the lockfile. Shared by the dev build
 * (scripts/build-dev.mjs) and the emulator's `build:js`.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const NONE = new Set()

/**
 * Newest modification time (ms) of the files below `path` (0 when it does not exist), leaving
 * out the files and folders below it whose names are in `skipped`.
 */
export function newest(path, skipped = NONE) {
  const s = statSync(path, { throwIfNoEntry: false })
  if (!s) return 0
  if (!s.isDirectory()) return s.mtimeMs
  let t = 0
  for (const e of readdirSync(path)) if (!skipped.has(e)) t = Math.max(t, newest(join(path, e), skipped))
  return t
}

/** True when one of `outputs` (file names in `<pkgDir>/dist`) is missing or older than an input. */
export function isStale(pkgDir, outputs) {
  const built = Math.min(
    ...outputs.map((f) => statSync(join(pkgDir, 'dist', f), { throwIfNoEntry: false })?.mtimeMs ?? 0),
  )
  const inputs = Math.max(
    newest(join(pkgDir, 'src')),
    // The contract package, which every package's build inlines.
    newest(join(pkgDir, '..', 'contract', 'src')),
    newest(join(pkgDir, 'package.json')),
    newest(join(pkgDir, 'tsup.config.ts')),
    newest(join(pkgDir, '..', 'package-lock.json')),
  )
  return built < inputs
}
