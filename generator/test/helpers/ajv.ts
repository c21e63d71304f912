// The generated Ajv setup (the generator's output for the fixture contract, the same text as
// every target's ajv.ts): the tests compile with the setup the emulator and the CLI use.
import { createAjv } from '../__snapshots__/fixture/contract/src/generated/ajv.js'

/** The repository's Ajv in strict mode: checks that the emitted schemas are plain 2020-12. */
export function strictAjv() {
  return createAjv({ strict: true })
}
