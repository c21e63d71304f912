/** Pure transforms from the bundled contract to the small JSON files the site renders. */

export interface ErrorEntry {
  code: string
  name: string
  description: string
  status: number
  scope: string
  source: string
}

export interface OperationEntry {
  name: string
  tag: string
  summary: string
  security: boolean
}

export interface TagEntry {
  name: string
  description: string
}

export interface ContractMeta {
  title: string
  version: string
  origin: string
  operationCount: number
  errorCount: number
}

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export function errorCatalogue(spec: Json): ErrorEntry[] {
  const raw = spec['x-krs-error-catalogue']
  if (!isObject(raw)) throw new Error('contract has no x-krs-error-catalogue object')
  return Object.entries(raw).map(([code, value]) => {
    if (!isObject(value)) throw new Error(`catalogue entry ${code} is not an object`)
    return {
      code,
      name: String(value.name ?? ''),
      description: String(value.description ?? ''),
      status: Number(value.status),
      scope: String(value.scope ?? ''),
      source: String(value.source ?? ''),
    }
  })
}

export function operationList(spec: Json): OperationEntry[] {
  const paths = spec.paths
  if (!isObject(paths)) throw new Error('contract has no paths')
  const rootSecurity = Array.isArray(spec.security) && spec.security.length > 0
  const out: OperationEntry[] = []
  for (const item of Object.values(paths)) {
    if (!isObject(item) || !isObject(item.post)) continue
    const op = item.post
    const tags = Array.isArray(op.tags) ? op.tags : []
    const security = Array.isArray(op.security) ? op.security.length > 0 : rootSecurity
    out.push({ name: String(op.operationId), tag: String(tags[0] ?? ''), summary: String(op.summary ?? ''), security })
  }
  return out
}

export function tagList(spec: Json): TagEntry[] {
  const tags = Array.isArray(spec.tags) ? spec.tags : []
  return tags.filter(isObject).map((t) => ({ name: String(t.name), description: String(t.description ?? '') }))
}

export function contractMeta(spec: Json, origin: string): ContractMeta {
  const info = isObject(spec.info) ? spec.info : {}
  return {
    title: String(info.title ?? ''),
    version: String(info.version ?? ''),
    origin,
    operationCount: operationList(spec).length,
    errorCount: errorCatalogue(spec).length,
  }
}

/** How the reference names the contract's security schemes (Redoc shows a scheme's key otherwise). */
const SECURITY_DISPLAY_NAMES: Record<string, string> = { bearerAuth: 'API トークン（Bearer）' }

/** The copy Redoc renders: each security scheme gets a Japanese `x-displayName` (「bearerAuth」 was shown). */
export function withSecurityDisplayNames(spec: Json): Json {
  const components = isObject(spec.components) ? spec.components : {}
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {}
  return {
    ...spec,
    components: {
      ...components,
      securitySchemes: Object.fromEntries(
        Object.entries(schemes).map(([key, scheme]) =>
          isObject(scheme) && !('x-displayName' in scheme) && SECURITY_DISPLAY_NAMES[key]
            ? [key, { ...scheme, 'x-displayName': SECURITY_DISPLAY_NAMES[key] }]
            : [key, scheme],
        ),
      ),
    },
  }
}

/**
 * The copy Redoc renders: each tag gets `x-displayName` (its Japanese description) so the
 * reference's menu shows 「会員情報」 rather than `member-info`. The downloadable contract
 * stays unchanged.
 */
export function withTagDisplayNames(spec: Json): Json {
  const tags = Array.isArray(spec.tags) ? spec.tags : []
  return {
    ...spec,
    tags: tags.map((t) =>
      isObject(t) && typeof t.description === 'string' && !('x-displayName' in t)
        ? { ...t, 'x-displayName': t.description }
        : t,
    ),
  }
}

/**
 * The copy Redoc renders also links each operation to its playground page: a 「試す」 line
 * at the top of the operation's description (Markdown, rendered by Redoc as a link).
 */
export function withPlaygroundLinks(spec: Json): Json {
  const paths = isObject(spec.paths) ? spec.paths : {}
  const out: Json = {}
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item) || !isObject(item.post) || typeof item.post.operationId !== 'string') {
      out[path] = item
      continue
    }
    const id = item.post.operationId
    const description = typeof item.post.description === 'string' ? item.post.description : ''
    const link = `[▶ 試す（プレイグラウンドで ${id} を送る）](/playground/${id})`
    out[path] = { ...item, post: { ...item.post, description: `${link}\n\n${description}` } }
  }
  return { ...spec, paths: out }
}
