import { ContractError } from './contract-error.js'

/** Decodes one reference token of a JSON pointer (RFC 6901) that may also be URI-encoded. */
function decodeToken(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')
}

/**
 * Resolves a local `$ref` such as `#/components/schemas/MemberTable` in `doc`.
 * Throws a ContractError for a non-local or dangling reference.
 */
export function resolveLocalRef(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) {
    throw new ContractError([`${ref}: only local references ('#/...') are supported after bundling`])
  }
  const pointer = ref.slice(1)
  if (pointer === '') return doc
  if (!pointer.startsWith('/')) throw new ContractError([`${ref}: not a JSON pointer`])
  let node: unknown = doc
  for (const raw of pointer.slice(1).split('/')) {
    const token = decodeToken(raw)
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < node.length) {
      node = node[Number(token)]
    } else if (typeof node === 'object' && node !== null && !Array.isArray(node) && Object.hasOwn(node, token)) {
      node = (node as Record<string, unknown>)[token]
    } else {
      throw new ContractError([`${ref}: the reference does not resolve`])
    }
  }
  return node
}
