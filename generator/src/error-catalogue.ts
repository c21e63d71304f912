import { IssueList } from './contract-error.js'
import { isJsonObject, type OpenApiDocument } from './openapi-model.js'

export const ERROR_SCOPES = ['common', 'transport', 'operation'] as const
export const ERROR_SOURCES = ['docs', 'seeds', 'krs-kit'] as const
export type ErrorScope = (typeof ERROR_SCOPES)[number]
export type ErrorSource = (typeof ERROR_SOURCES)[number]

export interface ErrorCatalogueEntry {
  code: string
  name: string
  description: string
  status: number
  scope: ErrorScope
  source: ErrorSource
  /** The code an error answer with this status stands for when it carries no error body. */
  statusDefault?: boolean
}

/**
 * Reads and checks the root `x-krs-error-catalogue` (spec/errors.yaml), in its order.
 * When the contract has a `components.schemas.ErrorCode` enum, it must list the same codes.
 */
export function readErrorCatalogue(doc: OpenApiDocument): ErrorCatalogueEntry[] {
  const issues = new IssueList()
  const raw = doc['x-krs-error-catalogue']
  if (!isJsonObject(raw)) {
    issues.add('x-krs-error-catalogue: missing (the root must $ref ./errors.yaml)')
    issues.throwIfAny()
    return []
  }
  const entries: ErrorCatalogueEntry[] = []
  for (const [code, value] of Object.entries(raw)) {
    const where = `x-krs-error-catalogue/${code}`
    if (!/^[A-Z][A-Z0-9_]*$/.test(code)) issues.add(`${where}: codes are upper-case letters, digits and '_'`)
    if (!isJsonObject(value)) {
      issues.add(`${where}: expected an object`)
      continue
    }
    const { name, description, status, scope, source } = value
    const statusDefault = value.status_default ?? false
    if (typeof statusDefault !== 'boolean') issues.add(`${where}: status_default must be a boolean`)
    if (typeof name !== 'string' || name === '') issues.add(`${where}: name must be a non-empty string`)
    if (typeof description !== 'string' || description === '')
      issues.add(`${where}: description must be a non-empty string`)
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
      issues.add(`${where}: status must be an integer from 400 to 599`)
    }
    if (!(ERROR_SCOPES as readonly unknown[]).includes(scope))
      issues.add(`${where}: scope must be one of ${ERROR_SCOPES.join(', ')}`)
    if (!(ERROR_SOURCES as readonly unknown[]).includes(source))
      issues.add(`${where}: source must be one of ${ERROR_SOURCES.join(', ')}`)
    entries.push({
      code,
      name,
      description,
      status,
      scope,
      source,
      statusDefault: statusDefault === true,
    } as ErrorCatalogueEntry)
  }
  const defaults = new Map<number, string>()
  for (const e of entries) {
    if (!e.statusDefault) continue
    const other = defaults.get(e.status)
    if (other !== undefined)
      issues.add(`x-krs-error-catalogue/${e.code}: status_default for ${e.status} is already ${other}`)
    defaults.set(e.status, e.code)
  }
  if (entries.length === 0) issues.add('x-krs-error-catalogue: no codes')

  const schemas = isJsonObject(doc.components) ? doc.components.schemas : undefined
  const errorCodeSchema = isJsonObject(schemas) ? schemas.ErrorCode : undefined
  if (isJsonObject(errorCodeSchema) && Array.isArray(errorCodeSchema.enum)) {
    const inEnum = new Set(errorCodeSchema.enum)
    const inCatalogue = new Set(entries.map((e) => e.code))
    for (const code of inCatalogue)
      if (!inEnum.has(code)) issues.add(`components/schemas/ErrorCode: enum lacks ${code}, which the catalogue has`)
    for (const code of inEnum)
      if (!inCatalogue.has(code as string))
        issues.add(`components/schemas/ErrorCode: ${String(code)} is not in the catalogue`)
  }
  issues.throwIfAny()
  return entries
}
