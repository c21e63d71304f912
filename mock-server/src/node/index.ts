/** @krs-kit/mock-server/node — the Node door: an HTTP server around the engine. */
export { createNodeHandler, startNodeServer } from './node-server.js'
export type { NodeServerOptions, RunningServer } from './node-server.js'
export { runCli } from './run-cli.js'
export type { RunningCli, CliIo } from './run-cli.js'
export { parseCliArgs, CliUsageError, USAGE } from './cli-args.js'
export { loadState, saveState, startAutosave, writeFileAtomic, STATE_FILE } from './persistence.js'
export { readScenarioFile } from './scenario-file.js'
