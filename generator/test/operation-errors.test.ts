import { describe, expect, it } from 'vitest'
import type { ErrorCatalogueEntry } from '../src/error-catalogue.js'
import { checkCommonRules, operationErrors, type ErrorRuleInput } from '../src/operation-errors.js'

const entry = (code: string, scope: ErrorCatalogueEntry['scope']): ErrorCatalogueEntry => ({
  code,
  name: `${code}.`,
  description: 'd',
  status: 400,
  scope,
  source: 'docs',
})

// Catalogue order is deliberately not alphabetical for the KRSKIT_ code, to show the result
// follows the catalogue.
const catalogue: ErrorCatalogueEntry[] = [
  entry('KR_API_F0004', 'common'),
  entry('KR_API_F0005', 'operation'),
  entry('KR_API_F0006', 'common'),
  entry('KR_API_F0008', 'common'),
  entry('KR_API_F0012', 'transport'),
  entry('KR_API_F0014', 'common'),
  entry('KR_API_F0102', 'operation'),
  entry('KR_API_F1001', 'common'),
  entry('KR_API_F1004', 'common'),
  entry('KRSKIT_RATE_LIMITED', 'transport'),
]

interface Case {
  name: string
  given: ErrorRuleInput
  want: string[]
}

const base: ErrorRuleInput = { operationCodes: [], security: true, rights: [], option: null }
const cases: Case[] = [
  {
    name: 'no security, no rights, no option: only the always-codes and transport codes',
    given: { ...base, security: false },
    want: ['KR_API_F0004', 'KR_API_F0006', 'KR_API_F0012', 'KR_API_F1004', 'KRSKIT_RATE_LIMITED'],
  },
  {
    name: 'security adds F1001',
    given: base,
    want: ['KR_API_F0004', 'KR_API_F0006', 'KR_API_F0012', 'KR_API_F1001', 'KR_API_F1004', 'KRSKIT_RATE_LIMITED'],
  },
  {
    name: 'rights add F0014, an option adds F0008',
    given: { ...base, rights: ['all'], option: 'mail' },
    want: [
      'KR_API_F0004',
      'KR_API_F0006',
      'KR_API_F0008',
      'KR_API_F0012',
      'KR_API_F0014',
      'KR_API_F1001',
      'KR_API_F1004',
      'KRSKIT_RATE_LIMITED',
    ],
  },
  {
    name: 'operation codes are merged in catalogue order without duplicates',
    given: { ...base, operationCodes: ['KR_API_F0102', 'KR_API_F0005', 'KR_API_F0004'] },
    want: [
      'KR_API_F0004',
      'KR_API_F0005',
      'KR_API_F0006',
      'KR_API_F0012',
      'KR_API_F0102',
      'KR_API_F1001',
      'KR_API_F1004',
      'KRSKIT_RATE_LIMITED',
    ],
  },
]

describe('operationErrors', () => {
  it.each(cases)('$name', ({ given, want }) => {
    expect(operationErrors(given, catalogue)).toEqual(want)
  })

  it('rejects an unknown operation code', () => {
    expect(() => operationErrors({ ...base, operationCodes: ['KR_API_F9999'] }, catalogue)).toThrow(
      /unknown code\(s\) KR_API_F9999/,
    )
  })

  it('rejects a catalogue whose common codes and the rules disagree', () => {
    expect(() => checkCommonRules([...catalogue, entry('KR_API_F0999', 'common')])).toThrow(
      /KR_API_F0999: scope common, but the generator has no rule/,
    )
    expect(() => checkCommonRules(catalogue.filter((e) => e.code !== 'KR_API_F0014'))).toThrow(
      /KR_API_F0014 is missing/,
    )
    const demoted = catalogue.map((e) => (e.code === 'KR_API_F0008' ? entry('KR_API_F0008', 'operation') : e))
    expect(() => checkCommonRules(demoted)).toThrow(/KR_API_F0008: expected scope common, found operation/)
  })
})
