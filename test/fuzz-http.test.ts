import { beforeAll, describe, expect, it } from 'vitest'
import { operationNames } from './support/contract.js'
import { FUZZ_SEED } from './support/fuzz/fuzz-suite.js'
import { httpTarget } from './support/fuzz/http-target.js'
import { runFuzz } from './support/fuzz/run-fuzz.js'
import { seedBodies } from './support/fuzz/seed-bodies.js'
import { newTenant, type Tenant } from './support/tenant.js'

// Schema fuzzing over HTTP: a smaller sample of the same mutations through the Node door
// (real sockets, the server's body reading, headers and status lines), on this file's tenant.
const REQUESTS = Number(process.env.FUZZ_HTTP_REQUESTS ?? 400)

let t: Tenant
beforeAll(async () => {
  t = await newTenant({ members: 30 })
})

describe(`schema fuzzing over HTTP (${REQUESTS} requests, seed ${FUZZ_SEED + 99})`, () => {
  it('the same guarantees as in process: conforming answers, no 500, no hang, refused requests change nothing', {
    timeout: 600_000,
  }, async () => {
    const report = await runFuzz(httpTarget(t), {
      operations: operationNames,
      pool: seedBodies(1, FUZZ_SEED + 99),
      requests: REQUESTS,
      seed: FUZZ_SEED + 99,
      resetEvery: 200,
    })
    console.info(
      `[fuzz http] ${report.requests} requests, statuses ${JSON.stringify(report.byStatus)}, ${report.successes} successes`,
    )
    expect(report.failures, report.failures.slice(0, 15).join('\n')).toEqual([])
  })
})
