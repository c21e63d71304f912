/**
 * @krs-kit/mock-server/node — the Node door: an HTTP server around the engine (routing, body
 * reading, answering, guards, static files). The `krs-mock` program is `./program`.
 */
export { createNodeHandler, startNodeServer } from './node-server.js'
export type { AnswerObserver, NodeServerOptions, RunningServer } from './node-server.js'
