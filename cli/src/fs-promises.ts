/**
 * node:fs/promises, loaded when a command first reads or writes a file: it brings readline and
 * the file watchers along, which an API command that reads no file does not need at its start.
 */
export function fsPromises(): Promise<typeof import('node:fs/promises')> {
  return import('node:fs/promises')
}
