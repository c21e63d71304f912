/**
 * The request schema as the playground's form shows it to readers. The JSON editor keeps
 * validating against the contract's schema unchanged; only the form's copy is reshaped:
 *
 * - each property gets a Japanese `title` (the contract's own title when it is Japanese,
 *   else the first sentence of its description); schema names (`MailInfo`) are dropped;
 * - `enum`s with `x-enum-descriptions` become `oneOf` of `const`s titled "1: テキスト";
 * - conditional rules (`if`/`then`/`else`, also inside `allOf`) are removed, so that their
 *   fields are shown once: the description already says when they are required, and the
 *   editor's validation still applies them;
 * - `member_table_id` is a choice of the target's databases and `member_info` is rendered by
 *   the member-info editor (uiSchema `ui:field`).
 */

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A schema title that is a type name of the contract (ASCII identifier), not text for readers. */
export function isSchemaName(title: unknown): boolean {
  return typeof title === 'string' && /^[A-Za-z][A-Za-z0-9_]*$/.test(title)
}

/** A short Japanese label from a description: its first sentence, without Markdown code marks. */
export function labelFromDescription(description: unknown): string | null {
  if (typeof description !== 'string') return null
  const first = description.trim().split('\n')[0] ?? ''
  const sentence = (/^(.*?)[。．]/.exec(first)?.[1] ?? first).replace(/`/g, '').trim()
  // "1 テキスト、2 HTML、3 マルチパート" is a list of values, not a name.
  if (sentence === '' || sentence.length > 28 || /^\d/.test(sentence)) return null
  return sentence.replace(/（[^（）]*$/, '').trim() || null
}

/**
 * Names of enum values from a description that lists them ("1 テキスト、2 HTML、3 マルチパート。"),
 * when it names every value; null otherwise. (The registry's schemas carry no x-enum-descriptions.)
 */
export function enumNamesFromDescription(values: unknown, description: unknown): string[] | null {
  if (!Array.isArray(values) || typeof description !== 'string') return null
  const named = new Map<string, string>()
  for (const part of description.split(/[、，,。\n]/)) {
    const m = /^\s*(-?[0-9A-Za-z_]+)\s+(.+?)\s*$/.exec(part)
    if (m && !named.has(m[1]!)) named.set(m[1]!, m[2]!.replace(/`/g, ''))
  }
  const names = values.map((v) => named.get(String(v)))
  return names.every((n): n is string => n !== undefined) ? names : null
}

const CONDITIONAL_KEYS = ['if', 'then', 'else'] as const

function isConditional(s: unknown): boolean {
  return (
    isObject(s) &&
    CONDITIONAL_KEYS.some((k) => k in s) &&
    Object.keys(s).every((k) => (CONDITIONAL_KEYS as readonly string[]).includes(k))
  )
}

/** The reshaped copy of `schema` for the form (see the module comment). `key` is the property name. */
export function readerSchema(schema: unknown, key?: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => readerSchema(s))
  if (!isObject(schema)) return schema
  const out: Json = {}
  for (const [k, v] of Object.entries(schema)) {
    if ((CONDITIONAL_KEYS as readonly string[]).includes(k)) continue
    if (k === 'allOf' && Array.isArray(v)) {
      const kept = v.filter((s) => !isConditional(s)).map((s) => readerSchema(s))
      if (kept.length > 0) out.allOf = kept
      continue
    }
    if (k === 'properties' && isObject(v)) {
      out.properties = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, readerSchema(s, name)]))
      continue
    }
    if (k === 'examples' || k === 'example' || k === 'x-enum-descriptions') continue
    out[k] = readerSchema(v)
  }
  if (isSchemaName(out.title)) delete out.title
  if (out.title === undefined && key !== undefined) {
    const label = labelFromDescription(schema.description)
    if (label) out.title = label
  }
  const names = Array.isArray(schema['x-enum-descriptions'])
    ? schema['x-enum-descriptions']
    : enumNamesFromDescription(schema.enum, schema.description)
  if (Array.isArray(schema.enum) && Array.isArray(names) && names.length === schema.enum.length) {
    out.oneOf = schema.enum.map((value, i) => ({ const: value, title: `${String(value)}: ${String(names[i])}` }))
    delete out.enum
  }
  return out
}

/**
 * The uiSchema of the form: no submit button; member_table_id as a choice of the target's
 * databases; member_info through the member-info editor.
 */
export function readerUiSchema(schema: unknown): Json {
  const ui: Json = { 'ui:submitButtonOptions': { norender: true } }
  if (isObject(schema) && isObject(schema.properties) && 'member_table_id' in schema.properties) {
    ui.member_table_id = { 'ui:field': 'memberTable' }
  }
  if (isObject(schema) && isObject(schema.properties) && 'member_info' in schema.properties) {
    ui.member_info = { 'ui:field': 'memberInfo' }
  }
  return ui
}
