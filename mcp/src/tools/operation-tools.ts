import { answerText } from '../answer.js'
import { pageJsonList, pageTextRows } from '../paging.js'
import {
  annotationsOf,
  describeOperation,
  isOperationName,
  isWrite,
  type OperationInfo,
  operationEntry,
  operations,
  tags,
} from '../contract.js'
import { createAjv, type ValidateFunction } from '@krs-kit/contract/ajv'
import { errorCatalogue, isErrorCode } from '@krs-kit/contract/errors'
import { operationNames } from '@krs-kit/contract/operation-names'
import { failedCall } from './api-error.js'
import { readOnly, refusal, type ToolAnswer, type ToolDef } from './tool.js'

const ajv = createAjv({ allErrors: true })
const validators = new Map<string, ValidateFunction>()

/** The contract's request schema of an operation, compiled once. */
function validatorOf(op: OperationInfo): ValidateFunction {
  let v = validators.get(op.name)
  if (!v) {
    v = ajv.compile(op.requestSchema)
    validators.set(op.name, v)
  }
  return v
}

/** An unknown operation name: a tool error with the names that look like it. */
export function unknownOperation(name: string): ToolAnswer {
  const words = name
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
  const near = operationNames.filter((n) => words.some((w) => n.includes(w))).slice(0, 8)
  return refusal(
    `unknown operation ${JSON.stringify(name)}${near.length > 0 ? `; did you mean: ${near.join(', ')}` : ''} (krs_list_operations lists them all)`,
  )
}

/** Checks a body against the operation's request schema; the refusal names every problem. */
export function checkBody(op: OperationInfo, body: unknown): ToolAnswer | undefined {
  const validate = validatorOf(op)
  if (validate(body)) return undefined
  const problems = (validate.errors ?? []).slice(0, 10).map((e) => {
    const where = e.instancePath || '(body)'
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
        : e.keyword === 'enum'
          ? ` (${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)})`
          : ''
    return `- ${where}: ${e.message}${extra}`
  })
  return refusal(
    `the body does not match ${op.name}'s request schema, nothing was sent:\n${problems.join('\n')}\n(krs_describe_operation shows the schema)`,
  )
}

const listOperations: ToolDef = {
  name: 'krs_list_operations',
  title: 'List the API operations',
  description:
    'Lists the operations of the KREISEL JSON API: name, Japanese summary, area, read or write, rights needed. Filter by area and/or words (matched against name and summary). Then krs_describe_operation for one, krs_call to call it.',
  inputSchema: {
    type: 'object',
    properties: {
      area: { type: 'string', enum: tags.map((t) => t.name), description: 'Only this area (contract tag).' },
      words: {
        type: 'string',
        description:
          'Space-separated words; an operation matches when its name, summary or error codes contain all of them (F0117 finds the operations that answer KR_API_F0117).',
      },
    },
    additionalProperties: false,
  },
  annotations: { ...readOnly, openWorldHint: false },
  async run(args, ctx) {
    const words = String(args.words ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
    const list = Object.values(operations)
      .filter((op) => args.area === undefined || op.tag === args.area)
      .filter((op) => words.every((w) => `${op.name} ${op.summary} ${op.errors.join(' ')}`.toLowerCase().includes(w)))
      .map(operationEntry)
    const writes = ctx.session.options.allowWrites ? 'writes allowed' : 'read-only: write operations are refused'
    return {
      text: `${answerText(list, ctx.maxAnswerBytes, 'filter by area or words')}\n(${list.length} operations; ${writes})`,
    }
  },
}

/** One error code explained: its name, status, meaning and the operations that answer it. */
function explainCode(code: string): ToolAnswer {
  const wanted = code.trim().toUpperCase()
  const found = isErrorCode(wanted)
    ? wanted
    : (Object.keys(errorCatalogue) as string[]).find((c) => c.endsWith(`_${wanted}`))
  if (found === undefined || !isErrorCode(found))
    return refusal(`unknown error code ${JSON.stringify(code)} (the catalogue is the resource krs://errors)`)
  const e = errorCatalogue[found]
  const by = Object.values(operations)
    .filter((op) => (op.errors as readonly string[]).includes(found))
    .map((op) => op.name)
  return {
    text: JSON.stringify({
      code: found,
      name: e.name,
      status: e.status,
      meaning: e.description,
      answered_by: by.length > 20 ? { count: by.length, first: by.slice(0, 20) } : by,
    }),
  }
}

const describe: ToolDef = {
  name: 'krs_describe_operation',
  title: 'Describe an API operation or an error code',
  description:
    "One operation's contract: Japanese description, request body JSON Schema, result schema, error codes with their meaning, rights, paging step, read or write. Or, with error_code, what one error code means (name, status, Japanese meaning) and which operations answer it.",
  inputSchema: {
    type: 'object',
    properties: {
      operation: { type: 'string', description: 'API name, e.g. get_member_info.' },
      parts: {
        type: 'array',
        items: { type: 'string', enum: ['request', 'result', 'errors'] },
        description: 'Only these schema parts (default all); the rest of the description is always given.',
      },
      error_code: { type: 'string', description: 'Explain this error code instead, e.g. KR_API_F0117 (or F0117).' },
    },
    additionalProperties: false,
  },
  annotations: { ...readOnly, openWorldHint: false },
  async run(args, ctx) {
    if (args.error_code !== undefined) return explainCode(String(args.error_code))
    if (args.operation === undefined) return refusal('give operation (or error_code)')
    const name = String(args.operation)
    if (!isOperationName(name)) return unknownOperation(name)
    const d = describeOperation(operations[name])
    const parts = (args.parts as string[] | undefined) ?? ['request', 'result', 'errors']
    if (!parts.includes('request')) delete d.request_schema
    if (!parts.includes('result')) delete d.result_schema
    if (!parts.includes('errors')) delete d.errors
    const full = JSON.stringify(d)
    if (Buffer.byteLength(full) <= ctx.maxAnswerBytes) return { text: full }
    // Too long: the error codes stay (as "code name" lines when need be); the schemas
    // that do not fit are left out and named, each one its own call.
    const errors = d.errors as { code: string; name: string }[] | undefined
    if (errors) d.errors = errors.map((e) => `${e.code} ${e.name}`)
    const left: string[] = []
    for (const part of ['result', 'request'] as const) {
      if (Buffer.byteLength(JSON.stringify(d)) <= ctx.maxAnswerBytes - 300) break
      const key = `${part}_schema`
      if (key in d) {
        delete d[key]
        left.push(part)
      }
    }
    const note =
      left.length > 0
        ? `left out to fit the limit: ${left.map((p) => `${p}_schema (ask parts: ["${p}"])`).join(', ')}`
        : 'the error codes are given as "code name" (ask parts: ["errors"] for their meanings)'
    return { text: `${answerText(d, ctx.maxAnswerBytes, note)}\n\n[krs-mcp: ${note}]` }
  },
}

const call: ToolDef = {
  name: 'krs_call',
  title: 'Call an API operation',
  description:
    "Calls one operation with a JSON body. The body is checked against the contract's request schema before anything is sent. Answers the result as JSON; a refusal as an error with its code, English name, Japanese meaning and request id. Write operations are refused unless the server was started with --allow-writes.",
  inputSchema: {
    type: 'object',
    properties: {
      operation: { type: 'string', enum: [...operationNames], description: 'API name.' },
      body: {
        type: 'object',
        description: 'The request body (krs_describe_operation shows its schema); {} when it takes none.',
      },
      rows_offset: {
        type: 'integer',
        minimum: 0,
        description:
          "A long answer's page: the first row (of a text file, after its header) or item (of the answer's list) to show (default 0). The note after a cut answer gives the next one.",
      },
    },
    required: ['operation'],
    additionalProperties: false,
  },
  annotations: readOnly,
  async run(args, ctx) {
    const name = String(args.operation)
    if (!isOperationName(name)) return unknownOperation(name)
    const op = operations[name]
    const body = args.body ?? {}
    if (isWrite(op)) {
      const why = await ctx.session.writeRefusal(name)
      if (why) return refusal(why)
    }
    const bad = checkBody(op, body)
    if (bad) return bad
    // Cancelled while the write was being cleared: it is not sent.
    if (ctx.signal?.aborted) return refusal(`${name}: cancelled, nothing was sent`)
    const rowsOffset = (args.rows_offset as number | undefined) ?? 0
    const again = (next: number) =>
      `call krs_call again with the same operation and body and rows_offset: ${next}${op.pageStep ? ` (${name} itself pages by body.offset in steps of ${op.pageStep})` : ''}`
    try {
      const data = await (
        ctx.session.client.call as (n: string, b: unknown, o: { signal?: AbortSignal | undefined }) => Promise<unknown>
      )(name, body, { signal: ctx.signal })
      if (typeof data === 'string' && op.responseType === 'text')
        return { text: pageTextRows(data, rowsOffset, ctx.maxAnswerBytes, again) }
      const narrow = op.pageStep
        ? `${name} pages by body.offset in steps of ${op.pageStep}: call it again with the next offset`
        : 'narrow the request (a condition, fewer ids)'
      return { text: pageJsonList(data, rowsOffset, ctx.maxAnswerBytes, again, narrow) }
    } catch (e) {
      ctx.session.noteUnreachable(e)
      return failedCall(e)
    }
  },
}

/** krs_call's annotations follow what the server may do: with --allow-writes it can write. */
export function operationTools(allowWrites: boolean): ToolDef[] {
  const writeAnnotations = annotationsOf({ idempotent: false } as OperationInfo)
  return [listOperations, describe, allowWrites ? { ...call, annotations: writeAnnotations } : call]
}
