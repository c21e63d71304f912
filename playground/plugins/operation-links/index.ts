/**
 * remark plugin: every mention of an operation in the docs (its api_name as inline code,
 * `add_member`) links to its reference entry on /api, followed by a link to its playground page
 * (「試す」), so that a reader goes from the guide to the call it teaches. Mentions in headings (their
 * anchors) and inside links stay as they are; a heading that names operations gets a line below it
 * with their links. The operations and their tags come from the
 * published contract (spec/dist/openapi.json), as on /api.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { InlineCode, Link, Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'

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

/** The operations a heading names (its inline code outside links), in order, once each. */
function headingOperations(node: Parent, tags: Map<string, string>, out: string[] = []): string[] {
  for (const child of node.children as RootContent[]) {
    if (child.type === 'link' || child.type === 'linkReference') continue
    if (child.type === 'inlineCode' && tags.has(child.value) && !out.includes(child.value)) out.push(child.value)
    else if ('children' in child) headingOperations(child as Parent, tags, out)
  }
  return out
}

/** The line below a heading that names operations: their links (the heading itself and its anchor stay as they are). */
function headingLinks(names: string[], tags: Map<string, string>): Paragraph {
  const children: PhrasingContent[] = [{ type: 'text', value: 'この節の操作: ' }]
  names.forEach((name, i) => {
    if (i > 0) children.push({ type: 'text', value: '、' })
    children.push(...(linked({ type: 'inlineCode', value: name }, tags.get(name)!) as PhrasingContent[]))
  })
  return { type: 'paragraph', children, data: { hProperties: { className: ['krs-heading-ops'] } } }
}

function walk(node: Parent, tags: Map<string, string>): void {
  if (node.type === 'link' || node.type === 'linkReference' || node.type === 'heading') return
  const out: RootContent[] = []
  let changed = false
  for (const child of node.children as RootContent[]) {
    if (child.type === 'heading') {
      out.push(child)
      const names = headingOperations(child, tags)
      if (names.length > 0) {
        out.push(headingLinks(names, tags))
        changed = true
      }
      continue
    }
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
