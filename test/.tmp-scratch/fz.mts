import { engineTarget } from '../support/fuzz/engine-target.ts'
import { seedBodies } from '../support/fuzz/seed-bodies.ts'
import { runFuzz } from '../support/fuzz/run-fuzz.ts'
import { operationNames } from '../support/contract.ts'
import { notEmulatedOperations } from '../../mock-server/src/index.ts'
let t0 = performance.now()
const { target, engine } = engineTarget()
console.log('engine', performance.now() - t0); t0 = performance.now()
const snap = await target.snapshot(); console.log('snapshot chars', snap.length, performance.now() - t0); t0 = performance.now()
const pool = seedBodies(2, 1)
console.log('pool', performance.now() - t0); t0 = performance.now()
const r = await runFuzz(target, { operations: operationNames, pool, requests: Number(process.env.N ?? 1000), seed: 1, placeholders: new Set(notEmulatedOperations) })
console.log('fuzz', performance.now() - t0, r.byStatus, r.successes, r.succeededOperations.size, Object.keys(r.placeholderAnswers).length)
console.log(r.failures.length); for (const f of r.failures.slice(0, 30)) console.log(f)
