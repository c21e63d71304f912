import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'

/**
 * Writes `content` to `file` unless the file already holds exactly that, through a temporary
 * file renamed over it: a reader (the site build copying static/, `docusaurus start` watching
 * .generated/) sees the old file or the new one, never a part, and a second prepare run beside
 * a build (`.ci/run` builds the site while `npm run lint` prepares it again) rewrites nothing.
 * Returns whether it wrote.
 */
export function writeIfChanged(file: string, content: string | Uint8Array): boolean {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content
  try {
    if (Buffer.compare(readFileSync(file), bytes) === 0) return false
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  const temp = `${file}.${process.pid}.tmp`
  try {
    writeFileSync(temp, bytes)
    renameSync(temp, file)
  } catch (e) {
    rmSync(temp, { force: true })
    throw e
  }
  return true
}
