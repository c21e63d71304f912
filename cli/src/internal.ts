/**
 * `@krs-kit/cli/internal` (cli/entry-points.ts): `krs` in process, for this repository's own
 * tooling. Not public API: the package ships its bin only.
 */
export type { CliIo } from './io.js'
export { run } from './run.js'
