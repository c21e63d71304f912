/**
 * remark plugin: every mention of an operation in the docs (its api_name as inline code,
 * `add_member`) links to its reference entry on /api, followed by a link to its playground page
 * (「試す」), so that a reader goes from the guide to the call it teaches. Mentions in headings (their
 * anchors) and inside links stay as they are. The operations and their tags come from the
 * published contract (spec/dist/openapi.json), as on /api.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { InlineCode, Link, Parent, Root, RootContent, Text } from 'mdast'

const contractFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'spec', 'dist', 'openapi.json')

/** api_name → the name of its first tag, from the contract. */
export function operationTags(file = contractFile): Map<string, string> {
  const spec = JSON.parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, { post?: { operationId?: string; tags?: string[] } }>
  }
  const out = new Map<string, string>()
  for (const path of Object.values(spec.paths)) {
    const op = path.post
    if (op?.operationId && op.tags?.[0]) out.set(op.operationId, op.tags[0])
  }
  return out
}

/** The reference entry of an operation on /api (Redoc's deep link). */
export const referenceUrl = (name: string, tag: string): string => `/api#tag/${tag}/operation/${name}`
/** The playground page of an operation. */
export const playgroundUrl = (name: string): string => `/playground/${name}`

function linked(code: InlineCode, tag: string): RootContent[] {
  const name = code.value
  const reference: Link = { type: 'link', url: referenceUrl(name, tag), children: [code] }
  const tryIt: Link = {
    type: 'link',
    url: playgroundUrl(name),
    children: [{ type: 'text', value: '試す' }],
    data: { hProperties: { className: ['krs-try-link'], 'aria-label': `${name} をプレイグラウンドで試す` } },
  }
  const open: Text = { type: 'text', value: '（' }
  const close: Text = { type: 'text', value: '）' }
  return [reference, open, tryIt, close]
}

function walk(node: Parent, tags: Map<string, string>): void {
  if (node.type === 'link' || node.type === 'linkReference' || node.type === 'heading') return
  const out: RootContent[] = []
  let changed = false
  for (const child of node.children as RootContent[]) {
    const tag = child.type === 'inlineCode' ? tags.get(child.value) : undefined
    if (child.type === 'inlineCode' && tag) {
      out.push(...linked(child, tag))
      changed = true
      continue
    }
    if ('children' in child) walk(child as Parent, tags)
    out.push(child)
  }
  if (changed) (node as { children: RootContent[] }).children = out
}

export default function remarkOperationLinks(options: { contract?: string } = {}): (tree: Root) => void {
  const tags = operationTags(options.contract)
  return (tree) => walk(tree, tags)
}
