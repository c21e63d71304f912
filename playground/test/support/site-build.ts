import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const buildDir = join(siteDir, 'build')

/** Files every complete build has (the site, the playground pages and the playground runtime). */
const expectedFiles = [
  'index.html',
  '404.html',
  'playground/get_version.html',
  'playground-runtime/runtime.js',
  'mockServiceWorker.js',
]

/** Builds the site when playground/build is missing or older than the playground (takes minutes on a busy machine). */
export function ensureSiteBuilt(): void {
  if (expectedFiles.every((f) => existsSync(join(buildDir, f)))) return
  try {
    execFileSync('npm', ['run', 'build'], { cwd: siteDir, stdio: 'inherit' })
  } catch (e) {
    throw new Error(`playground/build is missing and "npm run build -w playground" failed: ${String(e)}`)
  }
}
