// Entry of the playground runtime, bundled by scripts/prepare-playground.ts with esbuild into
// static/playground-runtime/runtime.js and loaded by the /playground pages only.
export { startEmulator } from './emulator.js'
export { validateBody, parseBodyText, type BodyIssue } from './validate-body.js'
export { exampleBody, sampleMember, SCENARIO_IDS } from './example-body.js'
