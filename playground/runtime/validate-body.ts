import { createAjv, type ErrorObject, type ValidateFunction } from '@krs-kit/contract/ajv'

/** One problem of a request body, worded for the playground (Japanese first). */
export interface BodyIssue {
  /** JSON Pointer of the value, '' for the whole body. */
  path: string
  message: string
  /** For a missing required property: its name (the form shows such issues once a reader acts). */
  missing?: string
}

const ajv = createAjv({ allErrors: true })
const compiled = new WeakMap<object, ValidateFunction>()

/** Japanese wording of one Ajv error. */
export function describeIssue(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'required':
      return `必須の項目 ${String(p.missingProperty)} がありません`
    case 'additionalProperties':
      return `定義されていない項目 ${String(p.additionalProperty)} があります`
    case 'type':
      return `型が違います（${String(p.type)} が必要です）`
    case 'minimum':
      return `${String(p.limit)} 以上の値にしてください`
    case 'maximum':
      return `${String(p.limit)} 以下の値にしてください`
    case 'exclusiveMinimum':
      return `${String(p.limit)} より大きい値にしてください`
    case 'exclusiveMaximum':
      return `${String(p.limit)} より小さい値にしてください`
    case 'minLength':
      return `${String(p.limit)} 文字以上にしてください`
    case 'maxLength':
      return `${String(p.limit)} 文字以下にしてください`
    case 'minItems':
      return `${String(p.limit)} 個以上の要素が必要です`
    case 'maxItems':
      return `${String(p.limit)} 個以下にしてください`
    case 'enum':
      return `次のいずれかにしてください: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    case 'const':
      return `値は ${JSON.stringify(p.allowedValue)} にしてください`
    case 'pattern':
      return `形式が違います（パターン ${String(p.pattern)}）`
    case 'format':
      return `形式が違います（${String(p.format)}）`
    case 'propertyNames':
      return `項目名 ${String(p.propertyName)} は使えません`
    case 'oneOf':
      return 'どの形式にも当てはまりません（oneOf）'
    case 'anyOf':
      return 'どの形式にも当てはまりません（anyOf）'
    case 'if':
      return `条件付きの規則（if/then）に合いません（${String(p.failingKeyword)}）`
    case 'not':
      return '使えない組み合わせです（not）'
    case 'dependentRequired':
      return `${String(p.property)} があるときは ${String(p.missingProperty)} も必要です`
    case 'prefixItems':
    case 'items':
      return `要素の数が多すぎます（${String(p.limit)} 個まで）`
    case 'uniqueItems':
      return '要素が重複しています'
    default:
      return e.message ?? e.keyword
  }
}

/** The schema's validator, compiled once per schema object. */
export function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    compiled.set(schema, validate)
  }
  return validate
}

/** Validates a request body against the operation's dereferenced JSON Schema (2020-12). */
export function validateBody(schema: object | boolean, body: unknown): BodyIssue[] {
  if (typeof schema === 'boolean') return schema ? [] : [{ path: '', message: 'リクエストボディは受け付けられません' }]
  const validate = validatorFor(schema)
  if (validate(body)) return []
  const seen = new Set<string>()
  const issues: BodyIssue[] = []
  for (const e of validate.errors ?? []) {
    // oneOf/anyOf sub-errors are noise next to the summary: keep the first per path
    const item: BodyIssue = { path: e.instancePath, message: describeIssue(e) }
    if (e.keyword === 'required') item.missing = String((e.params as { missingProperty: unknown }).missingProperty)
    const key = `${item.path}\u0000${item.message}`
    if (seen.has(key)) continue
    seen.add(key)
    issues.push(item)
  }
  return issues
}

export { parseBodyText } from './parse-body.js'
