import { describe, expect, it } from 'vitest'
import { buildContractModel } from '../src/contract-model.js'
import { ContractError } from '../src/contract-error.js'
import { readErrorCatalogue } from '../src/error-catalogue.js'
import { extractOperations, extractTags } from '../src/extract-operations.js'
import type { OpenApiDocument } from '../src/openapi-model.js'
import { miniContract } from './helpers/mini-contract.js'

function extract(doc: OpenApiDocument) {
  return extractOperations(doc, readErrorCatalogue(doc), extractTags(doc))
}

function issuesOf(doc: OpenApiDocument): readonly string[] {
  try {
    buildContractModel(doc, '{}', 'spec/openapi.yaml')
  } catch (e) {
    if (e instanceof ContractError) return e.issues
    throw e
  }
  return []
}

describe('extractOperations: meta fields', () => {
  it('reads every field of OperationInfo from the x-krs-* extensions and the bodies', () => {
    const [op] = extract(miniContract())
    expect(op).toEqual({
      name: 'get_things',
      tag: 'things',
      summary: 'もの一覧',
      description: 'ものを返します。',
      rights: ['all', 'reference'],
      option: 'forms',
      auditLog: true,
      idempotent: true,
      pageStep: 100,
      security: true,
      errors: [
        'KR_API_F0004',
        'KR_API_F0005',
        'KR_API_F0006',
        'KR_API_F0008',
        'KR_API_F0012',
        'KR_API_F0014',
        'KR_API_F1001',
        'KR_API_F1004',
      ],
      legacyKey: 'things',
      responseType: 'json',
      responseContentTypes: ['application/json'],
      requestSchema: { type: 'object', properties: { offset: { type: 'integer' } } },
      responseSchema: {
        type: 'array',
        items: { type: 'object', title: 'Thing', properties: { id: { type: 'integer' } } },
      },
    })
  })

  it('security: [] means no token, and absent optional extensions become null', () => {
    const doc = miniContract()
    const post = doc.paths['/api/v1/get_things']!.post
    post.security = []
    delete (post.responses as { [k: string]: unknown })['401']
    post['x-krs-rights'] = []
    post['x-krs-option'] = null
    delete post['x-krs-page-step']
    delete post['x-krs-legacy-key']
    const [op] = extract(doc)
    expect(op).toMatchObject({ security: false, rights: [], option: null, pageStep: null, legacyKey: null })
    expect(op?.errors).toEqual(['KR_API_F0004', 'KR_API_F0005', 'KR_API_F0006', 'KR_API_F0012', 'KR_API_F1004'])
  })

  it('a 200 without application/json is a text response with a string schema', () => {
    const doc = miniContract()
    doc.paths['/api/v1/get_things']!.post.responses = {
      '200': {
        description: 'csv',
        content: { 'text/csv': { schema: { type: 'string' } }, 'text/tab-separated-values': {} },
      },
      '401': { description: 'no token' },
    }
    const [op] = extract(doc)
    expect(op).toMatchObject({
      responseType: 'text',
      responseContentTypes: ['text/csv', 'text/tab-separated-values'],
      responseSchema: { type: 'string' },
    })
  })

  it('follows $refs to shared request bodies and responses', () => {
    const doc = miniContract()
    const post = doc.paths['/api/v1/get_things']!.post
    ;(doc.components as { [k: string]: unknown }).requestBodies = { Body: post.requestBody }
    ;(doc.components as { [k: string]: unknown }).responses = {
      Ok: (post.responses as { [k: string]: unknown })['200'],
    }
    post.requestBody = { $ref: '#/components/requestBodies/Body' }
    post.responses = { '200': { $ref: '#/components/responses/Ok' }, '401': { description: 'no token' } }
    expect(extract(doc)).toEqual(extract(miniContract()))
  })
})

type Mutation = (post: { [k: string]: unknown }, doc: ReturnType<typeof miniContract>) => void

const invalid: { name: string; mutate: Mutation; want: RegExp }[] = [
  {
    name: 'operationId differs from the path',
    mutate: (p) => (p.operationId = 'getThings'),
    want: /get_things: operationId must equal the path's API name 'get_things', found "getThings"/,
  },
  {
    name: 'a token needed but no 401 listed',
    mutate: (p) => delete (p.responses as { [k: string]: unknown })['401'],
    want: /get_things: needs a token, so its responses list '401' \(KR_API_F1001\)/,
  },
  {
    name: 'no token needed but a 401 listed',
    mutate: (p) => (p.security = []),
    want: /get_things: needs no token \(security: \[\]\), so its responses do not list '401'/,
  },
  { name: 'missing tag', mutate: (p) => delete p.tags, want: /get_things: needs exactly one tag/ },
  { name: 'two tags', mutate: (p) => (p.tags = ['things', 'things']), want: /get_things: needs exactly one tag/ },
  {
    name: 'unknown tag',
    mutate: (p) => (p.tags = ['stuff']),
    want: /get_things: tag 'stuff' is not one of the root tags/,
  },
  { name: 'missing summary', mutate: (p) => delete p.summary, want: /get_things: needs a summary/ },
  { name: 'missing description', mutate: (p) => (p.description = ' '), want: /get_things: needs a description/ },
  {
    name: 'unknown error code',
    mutate: (p) => (p['x-krs-errors'] = ['KR_API_F0005', 'KR_API_F7777']),
    want: /get_things: x-krs-errors: unknown error code\(s\) KR_API_F7777/,
  },
  {
    name: 'missing x-krs-errors',
    mutate: (p) => delete p['x-krs-errors'],
    want: /get_things: x-krs-errors is required/,
  },
  {
    name: 'unknown right',
    mutate: (p) => (p['x-krs-rights'] = ['admin']),
    want: /x-krs-rights: unknown right "admin"/,
  },
  { name: 'missing x-krs-rights', mutate: (p) => delete p['x-krs-rights'], want: /x-krs-rights is required/ },
  { name: 'missing x-krs-option', mutate: (p) => delete p['x-krs-option'], want: /x-krs-option is required/ },
  { name: 'unknown option', mutate: (p) => (p['x-krs-option'] = 'sms'), want: /x-krs-option: unknown option "sms"/ },
  { name: 'missing x-krs-audit-log', mutate: (p) => delete p['x-krs-audit-log'], want: /x-krs-audit-log is required/ },
  {
    name: 'missing x-krs-idempotent',
    mutate: (p) => delete p['x-krs-idempotent'],
    want: /x-krs-idempotent is required/,
  },
  {
    name: 'x-krs-idempotent not a boolean',
    mutate: (p) => (p['x-krs-idempotent'] = 'yes'),
    want: /x-krs-idempotent is required/,
  },
  {
    name: 'bad page step',
    mutate: (p) => (p['x-krs-page-step'] = 0),
    want: /x-krs-page-step must be a positive integer/,
  },
  {
    name: 'missing 200 response',
    mutate: (p) => (p.responses = { '400': { description: 'x' } }),
    want: /get_things: needs a '200' response/,
  },
  {
    name: '200 without content',
    mutate: (p) => (p.responses = { '200': { description: 'x' } }),
    want: /the '200' response needs content/,
  },
  { name: 'missing request body', mutate: (p) => delete p.requestBody, want: /needs a requestBody/ },
  {
    name: 'optional request body',
    mutate: (p) => ((p.requestBody as { required: boolean }).required = false),
    want: /requestBody must be required: true/,
  },
  { name: 'parameters', mutate: (p) => (p.parameters = []), want: /the API takes no parameters/ },
  {
    name: 'a GET next to the POST',
    mutate: (_p, d) => ((d.paths['/api/v1/get_things'] as { [k: string]: unknown }).get = {}),
    want: /only POST is allowed, found GET/,
  },
  {
    name: 'path not /api/v1/{name}',
    mutate: (_p, d) => (d.paths['/v2/getThings'] = d.paths['/api/v1/get_things']!),
    want: /paths\/\/v2\/getThings: operation paths are \/api\/v1\/\{api_name\}/,
  },
  {
    name: 'recursive schema',
    mutate: (p, d) => {
      ;(d.components as { schemas: { [k: string]: unknown } }).schemas.Node = {
        type: 'object',
        properties: { child: { $ref: '#/components/schemas/Node' } },
      }
      ;(p.requestBody as { content: { 'application/json': { schema: unknown } } }).content['application/json'].schema =
        { $ref: '#/components/schemas/Node' }
    },
    want: /get_things: .*recursive schema \(#\/components\/schemas\/Node -> #\/components\/schemas\/Node\)/,
  },
  {
    name: 'nullable (OpenAPI 3.0)',
    mutate: (p) =>
      ((p.requestBody as { content: { 'application/json': { schema: unknown } } }).content['application/json'].schema =
        { type: 'string', nullable: true }),
    want: /'nullable' is OpenAPI 3.0/,
  },
  {
    name: 'catalogue entry without status',
    mutate: (_p, d) => delete (d['x-krs-error-catalogue'] as { KR_API_F0005: { status?: number } }).KR_API_F0005.status,
    want: /x-krs-error-catalogue\/KR_API_F0005: status must be an integer/,
  },
  { name: 'openapi 3.0', mutate: (_p, d) => (d.openapi = '3.0.3'), want: /openapi: expected 3.1.x/ },
]

describe('extractOperations: the contract is checked with clear messages', () => {
  it('the unmodified fixture is valid', () => {
    expect(issuesOf(miniContract())).toEqual([])
  })

  it.each(invalid)('$name', ({ mutate, want }) => {
    const doc = miniContract()
    mutate(doc.paths['/api/v1/get_things']!.post, doc)
    const issues = issuesOf(doc)
    expect(issues.join('\n')).toMatch(want)
  })

  it('reports every problem of a run at once', () => {
    const doc = miniContract()
    const post = doc.paths['/api/v1/get_things']!.post
    delete post.tags
    post['x-krs-errors'] = ['NOPE']
    expect(issuesOf(doc)).toHaveLength(2)
  })
})
