import { describe, expect, it } from 'vitest'
import type { ContractModel } from '../src/contract-model.js'
import { ContractError } from '../src/contract-error.js'
import { emitSchemaTypes } from '../src/emit/schema-types.js'

// schema.ts holds the request view and the answer view in one file: a key with a `default`
// that is not `required` is optional in `components` (what a request may leave out) and
// present wherever an answer names the schema.

const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: ref } } } })
const opts = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, flag: { type: 'boolean', default: false }, n: { type: 'integer' } },
}

function docWith(extra: Record<string, unknown>, paths: Record<string, unknown>) {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths,
    components: { schemas: { Opts: opts, ...extra } },
  }
}

const post = (request: string | null, answer: string) => ({
  post: {
    operationId: 'x',
    ...(request === null ? {} : { requestBody: json(request) }),
    responses: { '200': { description: 'ok', ...json(answer) } },
  },
})

function emit(doc: object): Promise<string> {
  return emitSchemaTypes({ doc, banner: '// banner' } as unknown as ContractModel)
}

describe('schema.ts: one file, both views', () => {
  it('a defaulted key is optional in the schema and present where an answer names it', async () => {
    const holder = {
      type: 'object',
      properties: {
        one: { $ref: '#/components/schemas/Opts' },
        many: { type: 'array', items: { $ref: '#/components/schemas/Opts' } },
        maybe: { oneOf: [{ $ref: '#/components/schemas/Opts' }, { type: 'null' }] },
      },
    }
    const src = await emit(
      docWith({ Holder: holder }, { '/a': post('#/components/schemas/Opts', '#/components/schemas/Holder') }),
    )
    const view = 'WithDefaults<components["schemas"]["Opts"], "flag">'
    expect(src).toMatch(/flag\?: boolean;/)
    expect(src).toContain(`one?: ${view};`)
    expect(src).toContain(`many?: ${view}[];`)
    expect(src).toContain(`maybe?: ${view} | null;`)
    // The request body keeps the schema as the contract says it.
    expect(src).toMatch(/requestBody\??: \{\s+content: \{\s+"application\/json": components\["schemas"\]\["Opts"\];/)
    expect(src).toContain('export type WithDefaults<T, K extends keyof T>')
    expect(src.match(/WithDefaults</g)?.length).toBe(4)
  })

  it('a schema reached only through a shared response (#/components/responses) is an answer schema', async () => {
    const holder = { type: 'object', properties: { one: { $ref: '#/components/schemas/Opts' } } }
    const doc = {
      ...docWith({ Holder: holder }, {}),
      paths: {
        '/a': {
          post: {
            operationId: 'x',
            requestBody: json('#/components/schemas/Opts'),
            responses: { '200': { $ref: '#/components/responses/Ok' } },
          },
        },
      },
    }
    doc.components = {
      ...doc.components,
      responses: { Ok: { description: 'ok', ...json('#/components/schemas/Holder') } },
    } as typeof doc.components
    const src = await emit(doc)
    expect(src).toContain('one?: WithDefaults<components["schemas"]["Opts"], "flag">;')
  })

  it('a response naming the schema directly gets the answer view', async () => {
    const src = await emit(docWith({}, { '/a': post(null, '#/components/schemas/Opts') }))
    expect(src).toMatch(
      /responses: \{[\s\S]*"application\/json": WithDefaults<components\["schemas"\]\["Opts"\], "flag">;/,
    )
  })

  it('stops on a schema both views use that holds a defaulted schema: one type cannot be both', async () => {
    const both = { type: 'object', properties: { o: { $ref: '#/components/schemas/Opts' } } }
    const doc = docWith({ Both: both }, { '/a': post('#/components/schemas/Both', '#/components/schemas/Both') })
    await expect(emit(doc)).rejects.toThrow(ContractError)
    await expect(emit(doc)).rejects.toThrow(/components\.schemas\.Both: used by requests and answers.*Opts.*flag/)
  })
})
