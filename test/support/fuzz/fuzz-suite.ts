import { describe, expect, it } from 'vitest'
import { operationNames } from '../contract.js'
import { successBodies } from '../success-bodies.js'
import { engineTarget } from './engine-target.js'
import { runFuzz } from './run-fuzz.js'
import { seedBodies } from './seed-bodies.js'

/** Total fuzz requests in process over all shards (FUZZ_REQUESTS, default 20,000). */
export const FUZZ_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000)
/** Base seed (FUZZ_SEED, default 20261121): the same seed gives the same requests. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_121)
export const FUZZ_SHARDS = 4

/**
 * One shard of the in-process schema fuzzer: the operations whose index ≡ shard (mod 4),
 * FUZZ_REQUESTS / 4 requests, each through `engine.handle(Request)` of a fresh engine.
 * The shards are separate test files so they run in parallel workers.
 */
export function fuzzShard(shard: number): void {
  const names = operationNames.filter((_, i) => i % FUZZ_SHARDS === shard)
  const requests = Math.ceil(FUZZ_REQUESTS / FUZZ_SHARDS)
  describe(`schema fuzzing in process, shard ${shard + 1}/${FUZZ_SHARDS} (${names.length} operations, ${requests} requests, seed ${FUZZ_SEED + shard})`, () => {
    it('every answer is a conforming success or a catalogue error; no 500, hang or crash; refused requests change nothing', {
      timeout: 600_000,
    }, async () => {
      const { target, engine } = engineTarget()
      // Objects the operations can succeed on (a mail message, a delivery, an agent program,
      // ...), created through the engine before each stretch: most valid requests then reach
      // the success paths, not only "no such object".
      const send = async (name: string, body: unknown): Promise<unknown> => {
        const out = await engine.respond({
          method: 'POST',
          path: `/api/v1/${name}`,
          query: '',
          header: (h) => ({ 'content-type': 'application/json', authorization: 'Bearer krs-all' })[h],
          bodyText: JSON.stringify(body),
        })
        const text = typeof out.body === 'string' ? out.body : new TextDecoder().decode(out.body)
        if (out.status !== 200) throw new Error(`${name}: ${out.status} ${text}`)
        return JSON.parse(text) as unknown
      }
      const advance = async (seconds: number): Promise<number> => {
        const out = await engine.respond({
          method: 'POST',
          path: '/__mock/clock',
          query: '',
          header: (h) => ({ 'content-type': 'application/json', authorization: 'Bearer krs-all' })[h],
          bodyText: JSON.stringify({ advance_seconds: seconds }),
        })
        return (
          JSON.parse(typeof out.body === 'string' ? out.body : new TextDecoder().decode(out.body)) as { now: number }
        ).now
      }
      const pool = seedBodies(3, FUZZ_SEED + shard, names)
      const report = await runFuzz(target, {
        operations: names,
        pool,
        requests,
        seed: FUZZ_SEED + shard,
        freshBodies: () => successBodies((n, b) => send(n, b), advance),
      })
      console.info(
        `[fuzz shard ${shard + 1}] ${report.requests} requests, statuses ${JSON.stringify(report.byStatus)}, ` +
          `${report.successes} successes on ${report.succeededOperations.size}/${names.length} operations`,
      )
      expect(report.requests).toBe(requests)
      expect(report.failures, report.failures.slice(0, 15).join('\n')).toEqual([])
      // The fuzzer must reach the handlers, not only the validation layer.
      expect(report.successes).toBeGreaterThan(0)
    })
  })
}
