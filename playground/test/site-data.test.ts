import { describe, expect, it } from 'vitest'
import {
  contractMeta,
  errorCatalogue,
  operationList,
  tagList,
  withSecurityDisplayNames,
  withTagDisplayNames,
} from '../scripts/site-data.js'

const spec = {
  info: { title: 'JSON API', version: '202509' },
  security: [{ bearerAuth: [] }],
  tags: [
    { name: 'environment-info', description: '環境情報' },
    { name: 'zip', description: '郵便番号検索' },
  ],
  paths: {
    '/api/v1/get_version': {
      post: { operationId: 'get_version', tags: ['environment-info'], summary: 'バージョンの取得', security: [] },
    },
    '/api/v1/search_addresses_by_zip': {
      post: { operationId: 'search_addresses_by_zip', tags: ['zip'], summary: '郵便番号から住所を検索' },
    },
  },
  'x-krs-error-catalogue': {
    KR_API_F0004: {
      name: 'Invalid Parameter.',
      description: '引数の形式が正しくありません。',
      status: 400,
      scope: 'common',
      source: 'docs',
    },
    KR_API_F0207: {
      name: 'Invalid Zip Format',
      description: '郵便番号の形式が正しくありません。',
      status: 400,
      scope: 'operation',
      source: 'seeds',
    },
  },
}

describe('site data from the contract', () => {
  it('lists operations with tag, summary and whether a token is needed', () => {
    expect(operationList(spec)).toEqual([
      { name: 'get_version', tag: 'environment-info', summary: 'バージョンの取得', security: false },
      { name: 'search_addresses_by_zip', tag: 'zip', summary: '郵便番号から住所を検索', security: true },
    ])
  })

  it('turns the error catalogue into rows keyed by code', () => {
    const rows = errorCatalogue(spec)
    expect(rows.map((r) => r.code)).toEqual(['KR_API_F0004', 'KR_API_F0207'])
    expect(rows[1]).toMatchObject({ name: 'Invalid Zip Format', status: 400, scope: 'operation', source: 'seeds' })
  })

  it('fails loudly when the contract has no catalogue', () => {
    expect(() => errorCatalogue({ paths: {} })).toThrow(/x-krs-error-catalogue/)
  })

  it('summarises the contract', () => {
    expect(tagList(spec).map((t) => t.name)).toEqual(['environment-info', 'zip'])
    expect(contractMeta(spec, 'spec/dist/openapi.json')).toEqual({
      title: 'JSON API',
      version: '202509',
      origin: 'spec/dist/openapi.json',
      operationCount: 2,
      errorCount: 2,
    })
  })

  it('gives Redoc Japanese tag names without changing the contract it was given', () => {
    const shown = withTagDisplayNames(spec)
    expect(shown.tags).toEqual([
      { name: 'environment-info', description: '環境情報', 'x-displayName': '環境情報' },
      { name: 'zip', description: '郵便番号検索', 'x-displayName': '郵便番号検索' },
    ])
    expect(spec.tags[0]).not.toHaveProperty('x-displayName')
  })

  it('gives Redoc a Japanese name for the bearer scheme, not its key', () => {
    const given = { components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } } }
    const shown = withSecurityDisplayNames(given) as typeof given
    expect(shown.components.securitySchemes.bearerAuth).toMatchObject({ 'x-displayName': 'API トークン（Bearer）' })
    expect(given.components.securitySchemes.bearerAuth).not.toHaveProperty('x-displayName')
  })
})
