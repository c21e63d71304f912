import { generate, generateSync } from 'json-schema-faker'
import { operations, operationNames } from '/work/main/test/support/contract.ts'
import { requestIsValid } from '/work/main/test/support/contract.ts'
const t0 = performance.now(); let valid = 0, n = 0, err = 0
for (const name of operationNames) {
  for (let i = 0; i < 5; i++) {
    try { const b = generateSync(operations[name].requestSchema as any, { seed: i + 1 } as any); n++; if (requestIsValid(name, b)) valid++; else if (i===0) console.log('invalid', name, JSON.stringify(b).slice(0,200)) } catch (e) { err++; if (i===0) console.log('ERR', name, (e as Error).message.slice(0,200)) }
  }
}
console.log({ n, valid, err, ms: performance.now() - t0 })
