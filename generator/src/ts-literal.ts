/**
 * Prints JSON-like values as readable TypeScript source: single quotes, unquoted keys where
 * they are identifiers, two-space indentation, trailing commas, short values on one line.
 * The output depends only on the value (key order is the value's own), so it is deterministic.
 */
const MAX_INLINE = 100
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

export function tsString(s: string): string {
  let out = "'"
  for (const ch of s) {
    const code = ch.codePointAt(0) as number
    if (ch === '\\') out += '\\\\'
    else if (ch === "'") out += "\\'"
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029)
      out += `\\u${code.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return `${out}'`
}

export function tsKey(key: string): string {
  if (key === '__proto__') return `['__proto__']` // a plain '__proto__' key would set the prototype
  return IDENTIFIER.test(key) ? key : tsString(key)
}

/** Returns the name of a constant to print instead of `value`, if any. */
export type LiteralReplacer = (value: object) => string | undefined

function inline(value: unknown, replace?: LiteralReplacer): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return tsString(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot print the number ${value}`)
    return Object.is(value, -0) ? '0' : String(value)
  }
  if (typeof value === 'boolean') return String(value)
  if (typeof value !== 'object') throw new Error(`cannot print a ${typeof value}`)
  const name = replace?.(value)
  if (name !== undefined) return name
  const sub = (v: unknown): string => inline(v, replace)
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(sub).join(', ')}]`
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  return `{ ${entries.map(([k, v]) => `${tsKey(k)}: ${sub(v)}`).join(', ')} }`
}

/**
 * `value` as a TypeScript expression. `indent` is the indentation (in spaces) of the line the
 * expression starts on, `prefixWidth` the characters already on that line before it.
 * `replace` may name a constant to print instead of a nested object (never the root).
 */
export function tsLiteral(value: unknown, indent = 0, prefixWidth = 0, replace?: LiteralReplacer): string {
  if (typeof value !== 'object' || value === null) return inline(value)
  const child = (v: unknown, ind: number, width: number): string => {
    const name = typeof v === 'object' && v !== null ? replace?.(v) : undefined
    return name ?? tsLiteral(v, ind, width, replace)
  }
  const flat = inline(value, (v) => (v === value ? undefined : replace?.(v)))
  if (indent + prefixWidth + flat.length <= MAX_INLINE) return flat
  const pad = ' '.repeat(indent + 2)
  const lines: string[] = []
  if (Array.isArray(value)) {
    for (const item of value) lines.push(`${pad}${child(item, indent + 2, 0)},`)
    return `[\n${lines.join('\n')}\n${' '.repeat(indent)}]`
  }
  for (const [k, v] of Object.entries(value)) {
    const key = `${tsKey(k)}: `
    lines.push(`${pad}${key}${child(v, indent + 2, key.length)},`)
  }
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`
}

/**
 * `export type <name> = <union of string literals>`: on one line when it fits, else one
 * member per line.
 */
export function tsStringUnionAlias(name: string, values: readonly string[]): string {
  const head = `export type ${name} =`
  if (values.length === 0) return `${head} never`
  const flat = values.map(tsString).join(' | ')
  if (head.length + 1 + flat.length <= MAX_INLINE) return `${head} ${flat}`
  return `${head}\n${values.map((v) => `  | ${tsString(v)}`).join('\n')}`
}
