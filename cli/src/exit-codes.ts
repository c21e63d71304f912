/** Exit codes of `krs` (the table in README.md and `krs --help` lists them). */
export const exitCodes = {
  ok: 0,
  /** The API (or the emulator's admin API) answered an error; an import had failed rows. */
  api: 1,
  /** Bad usage: unknown command or flag, a value the contract refuses, a bad URL, duration or time. */
  usage: 2,
  /** The service could not be reached, or a call or a wait timed out. */
  network: 3,
  /** A wait cannot progress: the emulator's clock is manual and nothing moves it. */
  stalled: 4,
  /** A bug in krs. */
  internal: 70,
  /** Interrupted. */
  interrupted: 130,
} as const

/** The codes in the order the help lists them. */
export const exitCodeList = [0, 1, 2, 3, 4, 70, 130] as const

/** Bad usage: reported as `krs: <message>` with exit code 2, before any request. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** A failure the user can act on, with its own exit code (not a bug in krs). */
export class ExitError extends Error {
  override readonly name = 'ExitError'
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message)
  }
}
