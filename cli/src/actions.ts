// The actions of the hand-written commands, as one module that a command loads when it runs.
// The build (tsup) cuts the bundle at each dynamic import, and code that the start-up path
// shares with a cut-off piece becomes a chunk of its own: with one import per action, the
// start of every command loaded a dozen such chunks (about half a millisecond of CPU each).
export { printCompletion } from './completion/completion-action.js'
export { completeWords, completionLines } from './completion/complete-words.js'
export * as configActions from './config/config-actions.js'
export { runMcpCommand } from './mcp/run-mcp.js'
export * as mockAdmin from './mock/mock-admin-actions.js'
export { runMock } from './mock/run-mock.js'
export { scenarioPull } from './mirror/pull-action.js'
export { verify } from './mirror/verify-action.js'
export { deliveriesSend } from './workflows/deliveries-send.js'
export { membersExport } from './workflows/members-export.js'
export { membersImport } from './workflows/members-import.js'
export { waitBatchJob, waitDelivery } from './workflows/wait-actions.js'
