/** Plain text of mdast nodes, for the analyser: prose only, no code, no expressions. */
import type { Nodes } from 'mdast'

/** Nodes whose content is not prose that readers search for. */
const SKIPPED_TYPES = new Set([
  'code',
  'html',
  'yaml',
  'toml',
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxTextExpression',
  'definition',
])

/** Block nodes: their text is followed by a line break so words of two blocks never merge. */
const BLOCK_TYPES = new Set([
  'root',
  'paragraph',
  'heading',
  'blockquote',
  'list',
  'listItem',
  'table',
  'tableRow',
  'tableCell',
  'containerDirective',
  'mdxJsxFlowElement',
  'footnoteDefinition',
])

/** Prose text of a node; inline formatting (**配信**設定) is joined without a break. */
export function collectText(node: Nodes): string {
  if (SKIPPED_TYPES.has(node.type)) return ''
  let text = ''
  if (node.type === 'text' || node.type === 'inlineCode') text = node.value
  else if ('children' in node) text = (node.children as Nodes[]).map(collectText).join('')
  return BLOCK_TYPES.has(node.type) ? `${text}\n` : text
}
