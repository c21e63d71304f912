/**
 * remark plugin: a line break of the Markdown source between two Japanese characters is removed.
 * The source wraps its long Japanese lines; the browser shows each such break as a space
 * (「配信結果や クリックカウント」), which Japanese text does not have. Breaks next to a Latin
 * letter, a digit or code stay (a space there is usual). Also across inline elements:
 * 「…や\n**クリック**」 loses the break as well.
 */
import type { Parent, Root, RootContent } from 'mdast'

/** Japanese: kana, kanji, CJK punctuation, full-width forms. */
const JA = '\\u3000-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff01-\\uff60'
const inside = new RegExp(`([${JA}])[ \\t]*\\n[ \\t]*(?=[${JA}])`, 'gu')
const isJa = new RegExp(`^[${JA}]$`, 'u')

/** The text a node shows (the value of its text, code and children). */
function textOf(node: RootContent | undefined): string {
  if (!node) return ''
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value
  if ('children' in node) return (node.children as RootContent[]).map(textOf).join('')
  return ''
}

function walk(node: Parent): void {
  const children = node.children as RootContent[]
  children.forEach((child, i) => {
    if (child.type === 'text') {
      let value = child.value.replace(inside, '$1')
      // A break at the end of this text, before an element starting in Japanese, and one at
      // the start, after an element ending in Japanese.
      const next = textOf(children[i + 1]).at(0) ?? ''
      const last = value.replace(/[ \t]*\n[ \t]*$/u, '').at(-1) ?? ''
      if (/\n[ \t]*$/u.test(value) && isJa.test(last) && isJa.test(next)) value = value.replace(/[ \t]*\n[ \t]*$/u, '')
      const previous = textOf(children[i - 1]).at(-1) ?? ''
      const first = value.replace(/^[ \t]*\n[ \t]*/u, '').at(0) ?? ''
      if (i > 0 && /^[ \t]*\n/u.test(value) && isJa.test(previous) && isJa.test(first))
        value = value.replace(/^[ \t]*\n[ \t]*/u, '')
      child.value = value
    } else if ('children' in child) walk(child as Parent)
  })
}

export default function remarkJapaneseLineBreaks(): (tree: Root) => void {
  return (tree) => walk(tree)
}
