import { answerText } from '../answer.js'
import {
  annotationsOf,
  describeOperation,
  isOperationName,
  isWrite,
  type OperationInfo,
  operationEntry,
  operations,
  pagingHint,
  tags,
} from '../contract.js'
import { createAjv, type ValidateFunction } from '@krs-kit/contract/ajv'
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
        description: 'Space-separated words; an operation matches when it contains all of them.',
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
      .filter((op) => words.every((w) => `${op.name} ${op.summary}`.toLowerCase().includes(w)))
      .map(operationEntry)
    const writes = ctx.session.options.allowWrites ? 'writes allowed' : 'read-only: write operations are refused'
    return {
      text: `${answerText(list, ctx.maxAnswerBytes, 'filter by area or words')}\n(${list.length} operations; ${writes})`,
    }
  },
}

const describe: ToolDef = {
  name: 'krs_describe_operation',
  title: 'Describe an API operation',
  description:
    "One operation's contract: Japanese description, request body JSON Schema, result schema, error codes with their meaning, rights, paging step, read or write.",
  inputSchema: {
    type: 'object',
    properties: {
      operation: { type: 'string', description: 'API name, e.g. get_member_info.' },
      parts: {
        type: 'array',
        items: { type: 'string', enum: ['request', 'result', 'errors'] },
        description: 'Only these schema parts (default all); the rest of the description is always given.',
      },
    },
    required: ['operation'],
    additionalProperties: false,
  },
  annotations: { ...readOnly, openWorldHint: false },
  async run(args, ctx) {
    const name = String(args.operation)
    if (!isOperationName(name)) return unknownOperation(name)
    const d = describeOperation(operations[name])
    const parts = (args.parts as string[] | undefined) ?? ['request', 'result', 'errors']
    if (!parts.includes('request')) delete d.request_schema
    if (!parts.includes('result')) delete d.result_schema
    if (!parts.includes('errors')) delete d.errors
    return { text: answerText(d, ctx.maxAnswerBytes, 'ask for fewer parts (parts: ["request"])') }
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
    try {
      const data = await (ctx.session.client.call as (n: string, b: unknown) => Promise<unknown>)(name, body)
      return { text: answerText(data, ctx.maxAnswerBytes, pagingHint(op)) }
    } catch (e) {
      return failedCall(e)
    }
  },
}

/** krs_call's annotations follow what the server may do: with --allow-writes it can write. */
export function operationTools(allowWrites: boolean): ToolDef[] {
  const writeAnnotations = annotationsOf({ idempotent: false } as OperationInfo)
  return [listOperations, describe, allowWrites ? { ...call, annotations: writeAnnotations } : call]
}
