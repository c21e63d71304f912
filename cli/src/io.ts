import type { FetchLike } from '@krs-kit/sdk'

/** Everything the CLI touches outside itself: tests pass their own. */
export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Reads all of stdin as text (for `--body -`). */
  readStdin: () => Promise<string>
  stdoutIsTTY: boolean
  stderrIsTTY: boolean
  /** The terminal's width in columns, when stdout is one. */
  columns?: number | undefined
  env: Readonly<Record<string, string | undefined>>
  cwd: string
  /** Custom fetch for the SDK (tests inject the emulator's handler). */
  fetch?: FetchLike | undefined
  /** Sleep between polls (tests may shorten it). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined
  /**
   * Calls `handler` on Ctrl-C (then the process ends with 130) until the returned function is
   * called. Workflows use it to say what they leave running; tests inject their own.
   */
  onInterrupt?: ((handler: () => void) => () => void) | undefined
  /** What this run learnt from its global flags and from the server (set by `run()`). */
  session?: Session | undefined
}

export interface Session {
  /** `--verbose`: each request, its status, time and request id on stderr. */
  verbose: boolean
  /** `--timeout` in ms. */
  timeoutMs: number | undefined
  /** The server said it is the krs-kit emulator (the `X-Krs-Emulator` header). */
  emulator: boolean
  /** How errors are written on stderr: a line of text, or one JSON object (`-o json`, `--error-format json`). */
  errorFormat?: 'text' | 'json' | undefined
}

export function nodeIo(): CliIo {
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    readStdin: async () => {
      const chunks: Buffer[] = []
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString('utf8')
    },
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stdout.isTTY === true ? process.stdout.columns : undefined,
    env: process.env,
    cwd: process.cwd(),
    onInterrupt: (handler) => {
      const listener = () => {
        handler()
        process.exit(130)
      }
      process.once('SIGINT', listener)
      return () => void process.off('SIGINT', listener)
    },
  }
}

/** An io that writes nowhere, reads nothing and has no environment: for building the command tree alone (the reference page, tests). */
export function silentIo(cwd: string): CliIo {
  return {
    stdout: () => {},
    stderr: () => {},
    readStdin: async () => '',
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env: {},
    cwd,
  }
}
