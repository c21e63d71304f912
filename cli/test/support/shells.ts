import { spawnSync } from 'node:child_process'
import { it } from 'vitest'

/** Why `shell` cannot be run here (a message naming it and its package), or undefined when it runs. */
export function missingShell(shell: string): string | undefined {
  const r = spawnSync(shell, ['-c', 'true'])
  if (r.error === undefined) return undefined
  return `${shell} is not installed on this machine (CI needs it: apt-get install ${shell})`
}

/**
 * A test that drives `shell`. A shell this machine lacks is skipped, its name saying why, except
 * in CI (`.ci/run` installs bash, zsh and fish), where it fails with a message naming the shell.
 */
export function inShell(shell: string, title: string, body: () => Promise<void>): void {
  const missing = missingShell(shell)
  const skip = missing !== undefined && !process.env.CI
  it.skipIf(skip)(
    skip ? `${title} (not installed here: apt-get install ${shell}; CI installs it)` : title,
    async () => {
      if (missing !== undefined) throw new Error(missing)
      await body()
    },
  )
}
