/** How one top-level body key becomes a flag. */
export type ValueKind =
  /** Integer only (with null when the schema allows it). */
  | 'integer'
  | 'number'
  | 'boolean'
  | 'string'
  /** An object, an array or a union: JSON text, or `@file.json`. */
  | 'json'

export interface FlagSpec {
  /** The body key (`member_table_id`). */
  key: string
  /** The flag without dashes (`member-table-id`). */
  flag: string
  kind: ValueKind
  nullable: boolean
  /** A union that allows a string: text that is not JSON is sent as a string. */
  acceptsString: boolean
  required: boolean
  description: string
  enumValues: readonly unknown[] | undefined
  minimum: number | undefined
  maximum: number | undefined
  defaultValue: unknown
  /** The property's first example (or its `allOf` part's), if any. */
  example: unknown
  pattern: string | undefined
}

function firstExample(s: Schema): unknown {
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0]
  for (const part of (s.allOf ?? []) as Schema[]) {
    const e = firstExample(part)
    if (e !== undefined) return e
  }
  return undefined
}

type Schema = Record<string, unknown>

function typesOf(s: Schema): string[] {
  const t = s.type
  if (typeof t === 'string') return [t]
  if (Array.isArray(t)) return t.map(String)
  const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined
  if (Array.isArray(branches)) return branches.flatMap((b) => typesOf(b))
  if (Array.isArray(s.allOf)) return (s.allOf as Schema[]).flatMap((b) => typesOf(b))
  if (Array.isArray(s.enum)) return [...new Set(s.enum.map((v) => (Number.isInteger(v) ? 'integer' : typeof v)))]
  return []
}

function kindOf(types: string[]): { kind: ValueKind; nullable: boolean } {
  const nullable = types.includes('null')
  const rest = [...new Set(types.filter((t) => t !== 'null'))]
  if (rest.length === 1) {
    const t = rest[0]
    if (t === 'integer' || t === 'number' || t === 'boolean' || t === 'string') return { kind: t, nullable }
  }
  return { kind: 'json', nullable }
}

export function kebab(key: string): string {
  return key.replace(/_/g, '-')
}

/** One flag per top-level property of the request schema, in schema order. */
export function flagSpecs(requestSchema: unknown): FlagSpec[] {
  if (typeof requestSchema !== 'object' || requestSchema === null) return []
  const s = requestSchema as Schema
  const props = (s.properties ?? {}) as Record<string, Schema>
  const required = new Set((s.required ?? []) as string[])
  return Object.entries(props).map(([key, p]) => {
    const types = typesOf(p)
    const { kind, nullable } = kindOf(types)
    return {
      key,
      flag: kebab(key),
      kind,
      nullable,
      acceptsString: types.includes('string'),
      required: required.has(key),
      description: typeof p.description === 'string' ? p.description : typeof p.title === 'string' ? p.title : '',
      enumValues: Array.isArray(p.enum) ? p.enum : undefined,
      minimum: typeof p.minimum === 'number' ? p.minimum : undefined,
      maximum: typeof p.maximum === 'number' ? p.maximum : undefined,
      defaultValue: p.default,
      example: firstExample(p),
      pattern: typeof p.pattern === 'string' ? p.pattern : undefined,
    }
  })
}

/** `<integer>`, `<true|false>`, `<json>` ... for help and the reference page. */
export function valueHint(f: FlagSpec): string {
  if (f.enumValues) return f.enumValues.map((v) => String(v)).join('|')
  switch (f.kind) {
    case 'integer':
      return f.nullable ? 'integer|null' : 'integer'
    case 'number':
      return 'number'
    case 'boolean':
      return 'true|false'
    case 'string':
      return 'string'
    case 'json':
      return 'json|@file.json'
  }
}
