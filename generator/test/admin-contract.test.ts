import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildAdminContractModel } from '../src/admin-contract.js'
import { renderAdmin } from '../src/generate.js'
import { writeOutput } from '../src/output-files.js'
import { REPO_ROOT } from '../src/repo-paths.js'
import { strictAjv } from './helpers/ajv.js'

const doc = (paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 'admin', version: '1' },
  paths,
  components: { schemas },
})

describe('admin contract: request bodies', () => {
  it('reads the JSON bodies with their method, path and whether they may be left out', () => {
    const model = buildAdminContractModel(
      doc(
        {
          '/__mock/clock': {
            get: { operationId: 'mock_get_clock' },
            post: {
              operationId: 'mock_set_clock',
              requestBody: {
                required: true,
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Change' } } },
              },
            },
          },
          '/__mock/form': {
            post: {
              operationId: 'mock_form',
              requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } },
            },
          },
        },
        { Change: { type: 'object', example: { n: 1 }, properties: { n: { type: 'integer', minimum: 0 } } } },
      ) as never,
      '{}',
      'admin.yaml',
    )
    expect(model.operations).toEqual([
      {
        name: 'mock_set_clock',
        method: 'POST',
        path: '/__mock/clock',
        optional: false,
        requestSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 0 } } },
      },
    ])
    expect(model.banner).toContain('from admin.yaml (contract sha256 ')
  })

  it('refuses an operation without a mock_ operationId', () => {
    expect(() =>
      buildAdminContractModel(doc({ '/__mock/x': { get: { operationId: 'x' } } }) as never, '{}', 'a'),
    ).toThrow(/needs an operationId mock_<name>/)
  })

  it('the real admin contract: every body schema compiles under strict Ajv 2020', async () => {
    const files = await renderAdmin(REPO_ROOT, 'spec/admin.openapi.yaml')
    expect(files.map((f) => f.path)).toEqual([
      'mock-server/src/generated/admin-schema.d.ts',
      'mock-server/src/generated/admin-requests.ts',
    ])
    const out = await mkdtemp(join(tmpdir(), 'gen-admin-'))
    await writeOutput(out, files, [])
    const { adminRequests } = (await import(join(out, 'mock-server/src/generated/admin-requests.ts'))) as {
      adminRequests: Record<string, { schema: unknown }>
    }
    await rm(out, { recursive: true, force: true })
    expect(Object.keys(adminRequests)).toEqual([
      'mock_reset',
      'mock_create_tenant',
      'mock_create_template',
      'mock_set_clock',
      'mock_add_fault',
      'mock_import_snapshot',
      'mock_add_event',
    ])
    const ajv = strictAjv()
    for (const [name, info] of Object.entries(adminRequests)) {
      expect(() => ajv.compile(info.schema as object), name).not.toThrow()
    }
  })
})
