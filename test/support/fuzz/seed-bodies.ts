import { generateSync } from 'json-schema-faker'
import { operationNames, operations, requestIsValid, type OperationName } from '../contract.js'
import { requestExamples } from '../request-examples.js'

/**
 * The starting points of the fuzzer, per operation: the contract's own request examples plus
 * `perOperation` bodies generated from the request schema by json-schema-faker 0.6
 * (seeded: `seed + i`, so the pool is the same on every run). Only bodies the contract accepts
 * are kept (a generated body may miss a cross-field rule the schema cannot express... then the
 * emulator decides, which is also checked).
 */
export function seedBodies(
  perOperation: number,
  seed: number,
  names: readonly OperationName[] = operationNames,
): Map<OperationName, unknown[]> {
  const pool = new Map<OperationName, unknown[]>()
  for (const name of names) {
    const list: unknown[] = requestExamples[name].filter((b) => requestIsValid(name, b)).map((b) => structuredClone(b))
    for (let i = 0; i < perOperation; i++) {
      try {
        const body = generateSync(
          operations[name].requestSchema as never,
          {
            seed: seed * 1000 + i,
            maxItems: 4,
            maxLength: 40,
            optionalsProbability: 0.5,
          } as never,
        )
        if (requestIsValid(name, body)) list.push(body)
      } catch {
        // a schema json-schema-faker cannot satisfy: the examples remain
      }
    }
    pool.set(name, list)
  }
  return pool
}
