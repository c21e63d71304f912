import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { ACCOUNT_OPTIONS, RIGHTS } from '../extract-operations.js'
import { findSharedSchemas } from '../shared-schemas.js'
import { tsKey, tsLiteral, type LiteralReplacer } from '../ts-literal.js'

const union = (values: readonly string[]): string => values.map((v) => `'${v}'`).join(' | ')

/** `operations.ts`: the full registry, with dereferenced JSON Schemas 2020-12. */
export function emitOperations(model: ContractModel): string {
  const roots = model.operations.flatMap((o) => [o.requestSchema, o.responseSchema])
  const shared = findSharedSchemas(roots, model.sharedSchemas)
  const names = new Map<object, string>(shared.map((s) => [s.value, s.name]))
  const replace: LiteralReplacer = (v) => names.get(v)
  const constants = shared.map((s) => {
    const prefix = `const ${s.name}: JsonSchema = `
    return `/** ${s.ref} */\n${prefix}${tsLiteral(s.value, 0, prefix.length, replace)}`
  })
  const entries = model.operations.map((o) => {
    const key = `${tsKey(o.name)}: `
    const info = {
      name: o.name,
      tag: o.tag,
      summary: o.summary,
      description: o.description,
      rights: o.rights,
      option: o.option,
      auditLog: o.auditLog,
      idempotent: o.idempotent,
      pageStep: o.pageStep,
      security: o.security,
      errors: o.errors,
      legacyKey: o.legacyKey,
      responseType: o.responseType,
      responseContentTypes: o.responseContentTypes,
      requestSchema: o.requestSchema,
      responseSchema: o.responseSchema,
    }
    return `  ${key}${tsLiteral(info, 2, key.length, replace)},`
  })
  const tagsPrefix = 'export const tags: readonly { name: OperationTag; description: string }[] = '
  return withBanner(
    model.banner,
    `import type { ErrorCode } from './errors.js'
import type { OperationName, OperationTag } from './operation-names.js'

export type Right = ${union(RIGHTS)}
export type AccountOption = ${union(ACCOUNT_OPTIONS)}

/** A JSON Schema 2020-12 (no $ref left; compiles with Ajv 2020). */
export type JsonSchema = { [key: string]: unknown } | boolean

export interface OperationInfo<K extends OperationName = OperationName> {
  name: K
  tag: OperationTag
  /** Short Japanese title. */
  summary: string
  /** Japanese description (Markdown). */
  description: string
  /** Rights that may call it (x-krs-rights); [] = the credential is enough. */
  rights: readonly Right[]
  /** The account option it needs (x-krs-option). */
  option: AccountOption | null
  /** Whether a call writes an audit log entry (x-krs-audit-log). */
  auditLog: boolean
  /** Whether repeating the call changes nothing more than the first call (x-krs-idempotent): reads and pure checks. */
  idempotent: boolean
  /** The offset step of a paged operation (x-krs-page-step). */
  pageStep: number | null
  /** false only when no bearer token is needed (get_version). */
  security: boolean
  /** Operation codes (x-krs-errors) plus the common and transport codes that apply, in catalogue order. */
  errors: readonly ErrorCode[]
  /** The key an older version wrapped the answer in (x-krs-legacy-key). */
  legacyKey: string | null
  /** 'text' when the 200 body is not JSON (CSV download). */
  responseType: 'json' | 'text'
  /** The content types of the 200 response. */
  responseContentTypes: readonly string[]
  /** The JSON request body schema, dereferenced. */
  requestSchema: JsonSchema
  /** The 200 body schema, dereferenced; { type: 'string' } for text responses. */
  responseSchema: JsonSchema
}

${constants.length > 0 ? `// Component schemas used more than once, printed once (every use is this same object).\n\n${constants.join('\n\n')}\n\n` : ''}export const operations: { readonly [K in OperationName]: OperationInfo<K> } = {
${entries.join('\n')}
}

/** The root tags (operation groups), in contract order. */
${tagsPrefix}${tsLiteral(model.tags, 0, tagsPrefix.length)}`,
  )
}
