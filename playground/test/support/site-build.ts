import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const buildDir = join(siteDir, 'build')

/** Builds the site when playground/build is missing (takes minutes on a busy machine). */
export function ensureSiteBuilt(): void {
  if (existsSync(join(buildDir, 'index.html')) && existsSync(join(buildDir, '404.html'))) return
  try {
    execFileSync('npm', ['run', 'build'], { cwd: siteDir, stdio: 'inherit' })
  } catch (e) {
    throw new Error(`playground/build is missing and "npm run build -w playground" failed: ${String(e)}`)
  }
}
