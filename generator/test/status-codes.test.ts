import { describe, expect, it } from 'vitest'
import type { ContractModel } from '../src/contract-model.js'
import { emitStatusCodes } from '../src/emit/status-codes.js'
import { readErrorCatalogue } from '../src/error-catalogue.js'
import type { OpenApiDocument } from '../src/openapi-model.js'

const entry = (status: number, extra: Record<string, unknown> = {}) => ({
  name: 'X.',
  description: '説明',
  status,
  scope: 'common',
  source: 'docs',
  ...extra,
})

const doc = (catalogue: Record<string, unknown>) =>
  ({ openapi: '3.1.0', 'x-krs-error-catalogue': catalogue }) as unknown as OpenApiDocument

describe('status_default: the code a bare error answer stands for', () => {
  it('is read from the catalogue and emitted as a table ordered by status', () => {
    const errors = readErrorCatalogue(
      doc({
        B_503: entry(503, { status_default: true }),
        A_400: entry(400, { status_default: true }),
        C_400: entry(400),
      }),
    )
    expect(errors.map((e) => [e.code, e.statusDefault])).toEqual([
      ['B_503', true],
      ['A_400', true],
      ['C_400', false],
    ])
    const text = emitStatusCodes({ banner: '// banner', errors } as unknown as ContractModel)
    expect(text).toContain(
      "export const codeForStatus: { readonly [status: number]: ErrorCode } = {\n  400: 'A_400',\n  503: 'B_503',\n}",
    )
  })

  it('refuses two codes for one status and a value that is not a boolean', () => {
    expect(() =>
      readErrorCatalogue(doc({ A: entry(400, { status_default: true }), B: entry(400, { status_default: true }) })),
    ).toThrow(/B: status_default for 400 is already A/)
    expect(() => readErrorCatalogue(doc({ A: entry(400, { status_default: 'yes' }) }))).toThrow(
      /status_default must be a boolean/,
    )
  })
})
