/**
 * The installed size of a published package as `npm install` lays it out: its tarball's
 * unpacked files, plus those of every production dependency and required peer, found as
 * Node resolves them from this repository's node_modules (the kit's own packages from
 * their tarballs). Sizes are file bytes (apparent sizes), like `du -sb` without the
 * directory entries.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** Unpacked bytes of a tarball's files, and its package.json. */
function tarball(tgz) {
  const list = spawnSync('tar', ['-tvzf', tgz], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (list.status !== 0) throw new Error(`tar -tvzf ${tgz}: ${list.stderr}`)
  let bytes = 0
  for (const line of list.stdout.split('\n')) {
    const size = Number(line.trim().split(/\s+/)[2])
    if (line.startsWith('-') && Number.isFinite(size)) bytes += size
  }
  const pkg = spawnSync('tar', ['-xzOf', tgz, 'package/package.json'], { encoding: 'utf8' })
  return { bytes, pkg: JSON.parse(pkg.stdout) }
}

/** Bytes of the files under dir, without its nested node_modules (those are dependencies of their own). */
function folderBytes(dir) {
  let bytes = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) bytes += folderBytes(path)
    else if (entry.isFile()) bytes += statSync(path).size
  }
  return bytes
}

/** The folder Node would load `name` from when required inside `from`. */
function resolveDir(name, from, root) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dir === root || dirname(dir) === dir) return undefined
  }
}

const needed = (pkg) => {
  const optionalPeers = new Set(
    Object.entries(pkg.peerDependenciesMeta ?? {})
      .filter(([, m]) => m.optional)
      .map(([n]) => n),
  )
  return [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}).filter((n) => !optionalPeers.has(n)),
  ]
}

/**
 * Installed bytes of the package in `tarballs[key]` with everything npm installs for it.
 * `own` maps the kit's package names to their tarball keys.
 */
export function installedBytes(key, tarballs, own, root) {
  const seen = new Set()
  let total = 0
  const visit = (name, from) => {
    if (own[name] !== undefined) {
      if (seen.has(name)) return
      seen.add(name)
      const t = tarball(tarballs[own[name]])
      total += t.bytes
      for (const dep of needed(t.pkg)) visit(dep, root)
      return
    }
    const dir = resolveDir(name, from, root)
    if (dir === undefined) throw new Error(`${name} (needed from ${from}) is not installed`)
    const real = realpathSync(dir)
    if (seen.has(real)) return
    seen.add(real)
    total += folderBytes(real)
    for (const dep of needed(JSON.parse(readFileSync(join(real, 'package.json'), 'utf8')))) visit(dep, real)
  }
  const start = Object.entries(own).find(([, k]) => k === key)?.[0]
  visit(start, root)
  return total
}
