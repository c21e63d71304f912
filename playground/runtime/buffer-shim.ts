// Injected by esbuild into the playground runtime (scripts/prepare-playground.ts): parts of
// the engine's dependencies (csv-parse, csv-stringify) use Node's global `Buffer`.
export { Buffer } from 'buffer'
