import { compactSchema } from './compact-schema.js'
import { errorCatalogue, type ErrorCode } from '@krs-kit/contract/errors'
import { isOperationName } from '@krs-kit/contract/operation-names'
import { type OperationInfo, operations, tags } from '@krs-kit/contract/operations'

export { isOperationName, operations, tags, type OperationInfo }

/** Reads and pure checks may be repeated; everything else writes (the contract's `x-krs-idempotent`). */
export const isWrite = (op: OperationInfo): boolean => !op.idempotent

/** MCP tool annotations of one operation, from the contract. */
export function annotationsOf(op: OperationInfo): {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
} {
  // The contract does not say which writes only add: every write counts as destructive,
  // MCP's own default for a tool that is not read-only.
  return {
    readOnlyHint: op.idempotent,
    destructiveHint: !op.idempotent,
    idempotentHint: op.idempotent,
    openWorldHint: true,
  }
}

/** One line of `krs_list_operations`. */
export function operationEntry(op: OperationInfo): Record<string, unknown> {
  return {
    name: op.name,
    summary: op.summary,
    area: op.tag,
    access: isWrite(op) ? 'write' : 'read',
    rights: op.rights,
    ...(op.option ? { option: op.option } : {}),
    ...(op.pageStep ? { page_step: op.pageStep } : {}),
  }
}

/** An error code with its meaning, as tools and resources show it. */
export function errorEntry(code: ErrorCode): { code: ErrorCode; name: string; description: string; status: number } {
  const e = errorCatalogue[code]
  return { code, name: e.name, description: e.description, status: e.status }
}

/** Everything `krs_describe_operation` answers about one operation. */
export function describeOperation(op: OperationInfo): Record<string, unknown> {
  return {
    name: op.name,
    summary: op.summary,
    description: op.description,
    area: op.tag,
    access: isWrite(op) ? 'write' : 'read',
    rights: op.rights,
    option: op.option,
    page_step: op.pageStep,
    token_needed: op.security,
    answer_type: op.responseType,
    annotations: annotationsOf(op),
    // Repeated parts named once under $defs: the condition schemas shrink from 57 KB to 9 KB.
    request_schema: compactSchema(op.requestSchema),
    result_schema: compactSchema(op.responseSchema),
    errors: op.errors.map(errorEntry),
  }
}

/** The reference text of one operation (the `krs://operations/{name}` resource). */
export function operationReference(op: OperationInfo): string {
  const lines = [
    `# ${op.name}: ${op.summary}`,
    '',
    `- area: ${op.tag} (${tags.find((t) => t.name === op.tag)?.description ?? ''})`,
    `- ${isWrite(op) ? 'write (x-krs-idempotent: false; krs-mcp sends it only with --allow-writes)' : 'read (x-krs-idempotent: true)'}`,
    `- rights: ${op.rights.length > 0 ? op.rights.join(', ') : 'any valid token'}`,
    ...(op.option ? [`- account option: ${op.option}`] : []),
    ...(op.pageStep ? [`- paged: offset steps of ${op.pageStep}`] : []),
    `- answer: ${op.responseType === 'text' ? op.responseContentTypes.join(', ') : 'application/json'}`,
    '',
    op.description.trim(),
    '',
    '## Request body (JSON Schema)',
    '',
    '```json',
    JSON.stringify(compactSchema(op.requestSchema), null, 2),
    '```',
    '',
    '## Result (JSON Schema)',
    '',
    '```json',
    JSON.stringify(compactSchema(op.responseSchema), null, 2),
    '```',
    '',
    '## Errors',
    '',
    '| code | name | status | 説明 |',
    '|---|---|---|---|',
    ...op.errors.map((c) => {
      const e = errorEntry(c)
      return `| ${e.code} | ${e.name} | ${e.status} | ${e.description} |`
    }),
    '',
  ]
  return lines.join('\n')
}

/** The error catalogue as Markdown (the `krs://errors` resource). */
export function errorCatalogueMarkdown(): string {
  const rows = (Object.keys(errorCatalogue) as ErrorCode[]).map((c) => {
    const e = errorEntry(c)
    return `| ${e.code} | ${e.name} | ${e.status} | ${e.description} |`
  })
  return [
    '# KREISEL API error codes',
    '',
    'Every code the API (and the krs-kit emulator) answers, with its English name, HTTP status and Japanese description.',
    '',
    '| code | name | status | 説明 |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n')
}
