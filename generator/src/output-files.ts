import type { Dirent } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { OutputFile } from './generate.js'

export type DifferenceKind = 'stale' | 'missing' | 'extra'

export interface Difference {
  path: string
  kind: DifferenceKind
}

async function readOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}

/** Files (relative, POSIX) under `dir` of `root`, recursively; [] when it does not exist. */
export async function listFiles(root: string, dir: string): Promise<string[]> {
  let entries: Dirent[]
  try {
    entries = await readdir(join(root, dir), { withFileTypes: true })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
  const out: string[] = []
  for (const entry of entries) {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)))
    else out.push(rel)
  }
  return out.sort()
}

export interface Change {
  path: string
  action: 'wrote' | 'deleted'
}

/**
 * Writes `files` under `root` (only those whose content changed) and deletes files in
 * `ownedDirs` that the generator no longer produces. Returns what it changed.
 */
export async function writeOutput(
  root: string,
  files: readonly OutputFile[],
  ownedDirs: readonly string[],
): Promise<Change[]> {
  const changed: Change[] = []
  for (const f of files) {
    const target = join(root, f.path)
    if ((await readOrNull(target)) === f.content) continue
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, f.content, 'utf8')
    changed.push({ path: f.path, action: 'wrote' })
  }
  const produced = new Set(files.map((f) => f.path))
  for (const dir of ownedDirs) {
    for (const path of await listFiles(root, dir)) {
      if (produced.has(path)) continue
      await rm(join(root, path))
      changed.push({ path, action: 'deleted' })
    }
  }
  return changed
}

/**
 * Compares the tree `expectedRoot` (a fresh generation) with `actualRoot` (the checked-in
 * files) over `ownedDirs`: stale = content differs, missing = not checked in, extra =
 * checked in but not generated. Sorted by path.
 */
export async function compareOutput(
  expectedRoot: string,
  actualRoot: string,
  ownedDirs: readonly string[],
): Promise<Difference[]> {
  const diffs: Difference[] = []
  const seen = new Set<string>()
  for (const dir of ownedDirs) {
    const expected = await listFiles(expectedRoot, dir)
    for (const path of expected) {
      seen.add(path)
      const actual = await readOrNull(join(actualRoot, path))
      if (actual === null) diffs.push({ path, kind: 'missing' })
      else if (actual !== (await readFile(join(expectedRoot, path), 'utf8'))) diffs.push({ path, kind: 'stale' })
    }
    for (const path of await listFiles(actualRoot, dir)) {
      if (!seen.has(path)) diffs.push({ path, kind: 'extra' })
    }
  }
  return diffs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
