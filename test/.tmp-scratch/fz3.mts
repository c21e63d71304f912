import { engineTarget } from '../support/fuzz/engine-target.ts'
import { seedBodies } from '../support/fuzz/seed-bodies.ts'
import { runFuzz } from '../support/fuzz/run-fuzz.ts'
import { operationNames } from '../support/contract.ts'
const { target } = engineTarget()
let tsend = 0, tsnap = 0
const s0 = target.send.bind(target), n0 = target.snapshot.bind(target)
target.send = async (c) => { const t = performance.now(); const r = await s0(c); tsend += performance.now() - t; return r }
target.snapshot = async () => { const t = performance.now(); const r = await n0(); tsnap += performance.now() - t; return r }
let t0 = performance.now()
const names = operationNames.filter((_, i) => i % 4 === 0)
const pool = seedBodies(3, 5, names)
console.log('pool', performance.now() - t0); t0 = performance.now()
const r = await runFuzz(target, { operations: names, pool, requests: 1000, seed: 1, placeholders: new Set() , checkState: true})
console.log('total', performance.now() - t0, 'send', tsend, 'snap', tsnap, r.failures.length)
