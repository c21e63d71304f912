/**
 * Test files of the `slow` vitest project (`npm run test:slow`, run by `.ci/run` after
 * `npm test`): runs that spend tens of seconds mainly soaking. The `test` project leaves
 * them out; the `slow` project runs only these.
 * - load-short, crash-short: autocannon load and SIGKILL/restart cycles of their own krs-mock;
 * - fuzz-engine-{1..4}: the in-process schema fuzzer, 20,000 requests (FUZZ_REQUESTS) with a
 *   state snapshot around each; its HTTP form (fuzz-http, 400 requests) stays in `npm test`;
 * - npm-start: `npm start` itself, which builds the emulator's dist/ (other projects run it);
 * - mcp-conformance: the official MCP conformance suite (Node 22 from npm) against krs-mcp --http.
 */
/** Of these, the runs that need the machine to themselves (one after another, alone): load and
 * crash measure their own krs-mock, npm-start rebuilds the emulator's dist/ if it is stale. */
export const soloSlowFiles = ['load-short.test.ts', 'crash-short.test.ts', 'npm-start.test.ts']

/** The others (the in-process fuzzer, the MCP conformance run) run beside the other projects:
 * the `slow-parallel` project (vitest.slow-parallel.config.ts). */
export const parallelSlowFiles = [
  'fuzz-engine-1.test.ts',
  'fuzz-engine-2.test.ts',
  'fuzz-engine-3.test.ts',
  'fuzz-engine-4.test.ts',
  'mcp-conformance.test.ts',
]

export const slowFiles = [...soloSlowFiles, ...parallelSlowFiles]
