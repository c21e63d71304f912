import { readFileSync } from 'node:fs'
import { bundledSpec } from './paths.js'
import { operationNames, requestIsValid, type OperationName } from './contract.js'

interface SpecOperation {
  operationId: string
  requestBody?: { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }> }
}

const spec = JSON.parse(readFileSync(bundledSpec, 'utf8')) as { paths: Record<string, { post: SpecOperation }> }

/** The contract's own request examples of each operation (`example` and every `examples` value). */
export const requestExamples: Record<OperationName, unknown[]> = Object.fromEntries(
  operationNames.map((n) => [n, [] as unknown[]]),
) as Record<OperationName, unknown[]>
for (const item of Object.values(spec.paths)) {
  const op = item.post
  const media = op.requestBody?.content?.['application/json']
  if (!media) continue
  const list = requestExamples[op.operationId as OperationName]
  if (!list) continue
  if (media.example !== undefined) list.push(media.example)
  for (const ex of Object.values(media.examples ?? {})) if (ex.value !== undefined) list.push(ex.value)
}

/** A request body of `name` that the contract's request schema accepts (its first valid example). */
export function validExample(name: OperationName): unknown {
  const ok = requestExamples[name].find((b) => requestIsValid(name, b))
  if (ok === undefined) throw new Error(`the contract has no schema-valid request example for ${name}`)
  return structuredClone(ok)
}
