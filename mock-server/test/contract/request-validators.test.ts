import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createAjv, type ValidateFunction } from '@krs-kit/contract/ajv'
import { type OperationName, operationNames } from '@krs-kit/contract/operation-names'
import { operations } from '@krs-kit/contract/operations'
import { requestValidators } from '@krs-kit/contract/request-validators'
import { responseValidators } from '@krs-kit/contract/response-validators'

// The request validators the generator compiles ahead of time (Ajv standalone code, one module
// per operation) must answer exactly as the schema compiled at run time by the repository's
// Ajv setup: the same verdict and the same errors (the emulator reports the first one, or
// picks one of every error inside a oneOf/anyOf by its schema path), on the contract's own
// request examples and on bodies broken from them in every way a caller breaks a body.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }

interface SpecMedia {
  example?: Json
  examples?: Record<string, { value?: Json }>
}
interface SpecPost {
  operationId: string
  requestBody?: { content?: Record<string, SpecMedia> }
  responses?: Record<string, { content?: Record<string, SpecMedia> }>
}
const spec = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../spec/dist/openapi.json', import.meta.url)), 'utf8'),
) as { paths: Record<string, { post: SpecPost }> }

/** The contract's examples of the request body of `name`, or of its answer (200). */
function examplesOf(name: OperationName, of: 'request' | 'answer' = 'request'): Json[] {
  const post = Object.values(spec.paths).find((p) => p.post.operationId === name)?.post
  const content = of === 'request' ? post?.requestBody?.content : post?.responses?.['200']?.content
  const media = content?.['application/json']
  const out: Json[] = []
  if (media?.example !== undefined) out.push(media.example)
  for (const ex of Object.values(media?.examples ?? {})) if (ex.value !== undefined) out.push(ex.value)
  return out
}

const WRONG_VALUES: Json[] = [null, true, -1, 0, 1.5, 2 ** 53, '', 'x', 'あ'.repeat(300), [], [1, 'a'], {}, { k: 1 }]

/** Every container (object or array) of `body` with the path to it, the body itself first. */
function containers(body: Json, path: (string | number)[] = []): { at: (string | number)[]; value: Json }[] {
  if (body === null || typeof body !== 'object') return []
  const inner = Array.isArray(body)
    ? body.flatMap((v, i) => containers(v, [...path, i]))
    : Object.entries(body).flatMap(([k, v]) => containers(v, [...path, k]))
  return [{ at: path, value: body }, ...inner]
}

function withChange(body: Json, at: (string | number)[], change: (container: Json) => void): Json {
  const copy = structuredClone(body)
  let c: Json = copy
  for (const k of at) c = (c as Record<string | number, Json>)[k]!
  change(c)
  return copy
}

/** The example itself, then bodies broken from it: wrong types and ranges in every place, keys missing, keys added. */
function bodiesFrom(example: Json): Json[] {
  const out: Json[] = [example]
  for (const { at, value } of containers(example)) {
    const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value as object)
    for (const key of keys) {
      for (const wrong of WRONG_VALUES)
        out.push(withChange(example, at, (c) => ((c as Record<string | number, Json>)[key] = wrong)))
      if (!Array.isArray(value)) out.push(withChange(example, at, (c) => delete (c as Record<string, Json>)[key]))
    }
    if (!Array.isArray(value)) out.push(withChange(example, at, (c) => ((c as Record<string, Json>).not_a_key = 1)))
  }
  return out
}

const OTHER_BODIES: Json[] = [null, [], 'x', 1, true, {}, { not_a_key: 1 }]

describe('request and answer validators compiled ahead of time', () => {
  const ajv = createAjv()
  const runtime = new Map<OperationName, ValidateFunction>()
  const runtimeOf = (name: OperationName) => {
    let v = runtime.get(name)
    if (!v) {
      v = ajv.compile(operations[name].requestSchema as object)
      runtime.set(name, v)
    }
    return v
  }

  it('has a module for every operation of the contract', () => {
    expect(Object.keys(requestValidators).sort()).toEqual([...operationNames].sort())
    expect(Object.keys(responseValidators).sort()).toEqual([...operationNames].sort())
  })

  it('answer validators: as the runtime-compiled schema, on the example answers and on broken ones', async () => {
    const responseRuntime = new Map<OperationName, ValidateFunction>()
    let accepted = 0
    let refused = 0
    for (const name of operationNames) {
      const compiled = (await responseValidators[name]()).default as ValidateFunction
      let v = responseRuntime.get(name)
      if (!v) {
        v = ajv.compile(operations[name].responseSchema as object)
        responseRuntime.set(name, v)
      }
      for (const body of [...examplesOf(name, 'answer').flatMap(bodiesFrom), ...OTHER_BODIES]) {
        const want = { valid: v(body), errors: v.errors ?? null }
        const got = { valid: compiled(body), errors: compiled.errors ?? null }
        expect(got, `${name} ${JSON.stringify(body).slice(0, 200)}`).toEqual(want)
        if (want.valid) accepted++
        else refused++
      }
    }
    expect(accepted).toBeGreaterThan(40)
    expect(refused).toBeGreaterThan(3000)
  })

  it('answer as the runtime-compiled schema does, on the examples and on broken bodies', async () => {
    let accepted = 0
    let refused = 0
    for (const name of operationNames) {
      const compiled = (await requestValidators[name]()).default as ValidateFunction
      const bodies = [...examplesOf(name).flatMap(bodiesFrom), ...OTHER_BODIES]
      for (const body of bodies) {
        const v = runtimeOf(name)
        const want = { valid: v(body), errors: v.errors ?? null }
        const got = { valid: compiled(body), errors: compiled.errors ?? null }
        expect(got, `${name} ${JSON.stringify(body).slice(0, 200)}`).toEqual(want)
        if (want.valid) accepted++
        else refused++
      }
    }
    // the comparison covered both verdicts, many times over
    expect(accepted).toBeGreaterThan(100)
    expect(refused).toBeGreaterThan(3000)
  })
})
