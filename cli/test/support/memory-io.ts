import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FetchLike } from '@krs-kit/sdk'
import type { CliIo } from '../../src/io.js'
import { run } from '../../src/run.js'

export interface RunResult {
  code: number
  stdout: string
  stderr: string
}

export interface RunOptions {
  fetch?: FetchLike
  env?: Record<string, string | undefined>
  stdin?: string
  tty?: boolean
  onInterrupt?: CliIo['onInterrupt']
  /** The terminal's width (with `tty`). */
  columns?: number
  cwd?: string
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/** An empty config folder, so that no test reads the user's own profile file. */
const emptyConfigHome = mkdtempSync(join(tmpdir(), 'krs-cli-test-'))

/** Runs `krs <argv>` in this process with captured output. */
export async function runKrs(argv: string[], o: RunOptions = {}): Promise<RunResult> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: (t) => {
      stdout += t
    },
    stderr: (t) => {
      stderr += t
    },
    readStdin: async () => o.stdin ?? '',
    stdoutIsTTY: o.tty ?? false,
    stderrIsTTY: o.tty ?? false,
    env: { XDG_CONFIG_HOME: emptyConfigHome, ...o.env },
    cwd: o.cwd ?? process.cwd(),
    fetch: o.fetch,
    sleep: o.sleep,
    columns: o.columns,
    onInterrupt: o.onInterrupt,
  }
  const code = await run(argv, io)
  return { code, stdout, stderr }
}
