import type { OpenApiDocument } from '../../src/openapi-model.js'

const entry = (scope: string, status = 400) => ({ name: 'N.', description: '説明。', status, scope, source: 'docs' })

/** A small valid bundled contract (in memory) with one operation, `get_things`, to mutate. */
export function miniContract(): OpenApiDocument & { paths: { [p: string]: { post: { [k: string]: unknown } } } } {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    security: [{ bearerAuth: [] }],
    tags: [{ name: 'things', description: 'もの' }],
    'x-krs-error-catalogue': {
      KR_API_F0004: entry('common'),
      KR_API_F0005: entry('operation'),
      KR_API_F0006: entry('common'),
      KR_API_F0008: entry('common', 403),
      KR_API_F0012: entry('transport', 404),
      KR_API_F0014: entry('common', 403),
      KR_API_F1001: entry('common', 401),
      KR_API_F1004: entry('common'),
    },
    components: {
      schemas: {
        Thing: { type: 'object', title: 'Thing', properties: { id: { type: 'integer' } }, example: { id: 1 } },
      },
    },
    paths: {
      '/api/v1/get_things': {
        post: {
          operationId: 'get_things',
          tags: ['things'],
          summary: 'もの一覧',
          description: 'ものを返します。\n',
          'x-krs-rights': ['all', 'reference'],
          'x-krs-option': 'forms',
          'x-krs-audit-log': true,
          'x-krs-idempotent': true,
          'x-krs-page-step': 100,
          'x-krs-errors': ['KR_API_F0005'],
          'x-krs-legacy-key': 'things',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', properties: { offset: { type: 'integer', example: 0 } } },
              },
            },
          },
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
              },
            },
            '401': { description: 'no token' },
          },
        },
      },
    },
  }
}
