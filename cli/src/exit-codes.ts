/** Exit codes of `krs`. */
export const exitCodes = {
  ok: 0,
  /** The API answered an error. */
  api: 1,
  /** Bad usage: unknown command or flag, a flag value that the contract refuses. */
  usage: 2,
  /** The service could not be reached, or the call timed out. */
  network: 3,
} as const

/** Bad usage: reported as `krs: <message>` with exit code 2, before any request. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
