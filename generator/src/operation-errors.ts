import { ContractError } from './contract-error.js'
import type { ErrorCatalogueEntry } from './error-catalogue.js'

/** What decides which common codes apply to an operation. */
export interface ErrorRuleInput {
  /** The operation's own codes (x-krs-errors). */
  operationCodes: readonly string[]
  security: boolean
  rights: readonly string[]
  option: string | null
}

/**
 * When each `scope: common` code of the catalogue applies. A common code without a rule
 * here (or a rule for a code that is not `common` in the catalogue) stops generation, so
 * the catalogue and this table cannot drift apart.
 */
export const COMMON_CODE_RULES: { readonly [code: string]: (op: ErrorRuleInput) => boolean } = {
  KR_API_F0004: () => true, // Invalid Parameter.
  KR_API_F0006: () => true, // Required Parameter Is Missing.
  KR_API_F1004: () => true, // Invalid JSON.
  KR_API_F1001: (op) => op.security, // Authentication Failed.
  KR_API_F0014: (op) => op.rights.length > 0, // No Has Required Privilege.
  KR_API_F0008: (op) => op.option !== null, // No Has Required Option.
}

export function checkCommonRules(catalogue: readonly ErrorCatalogueEntry[]): void {
  const issues: string[] = []
  const byCode = new Map(catalogue.map((e) => [e.code, e]))
  for (const e of catalogue) {
    if (e.scope === 'common' && !Object.hasOwn(COMMON_CODE_RULES, e.code)) {
      issues.push(
        `x-krs-error-catalogue/${e.code}: scope common, but the generator has no rule saying when it applies (generator/src/operation-errors.ts)`,
      )
    }
  }
  for (const code of Object.keys(COMMON_CODE_RULES)) {
    const entry = byCode.get(code)
    if (entry === undefined)
      issues.push(`x-krs-error-catalogue: ${code} is missing (the generator adds it to operations)`)
    else if (entry.scope !== 'common')
      issues.push(`x-krs-error-catalogue/${code}: expected scope common, found ${entry.scope}`)
  }
  if (issues.length > 0) throw new ContractError(issues)
}

/**
 * The error codes an operation can answer: its own codes, the common codes whose rule
 * applies, and every `transport` code; no duplicates, in catalogue order (the order of
 * spec/errors.yaml, which is ascending by code).
 */
export function operationErrors(op: ErrorRuleInput, catalogue: readonly ErrorCatalogueEntry[]): string[] {
  checkCommonRules(catalogue)
  const known = new Set(catalogue.map((e) => e.code))
  const unknown = op.operationCodes.filter((c) => !known.has(c))
  if (unknown.length > 0) throw new ContractError([`x-krs-errors: unknown code(s) ${unknown.join(', ')}`])
  const own = new Set(op.operationCodes)
  return catalogue
    .filter(
      (e) =>
        own.has(e.code) ||
        e.scope === 'transport' ||
        (e.scope === 'common' && COMMON_CODE_RULES[e.code]?.(op) === true),
    )
    .map((e) => e.code)
}
