import type { Root } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import remarkJapaneseLineBreaks from '../plugins/japanese-line-breaks'

// plugins/japanese-line-breaks: a source line break between Japanese characters leaves no space.
function paragraphText(markdown: string): string {
  const processor = unified().use(remarkParse).use(remarkJapaneseLineBreaks)
  const tree = processor.runSync(processor.parse(markdown)) as Root
  const texts: string[] = []
  const walk = (n: { type: string; value?: string; children?: unknown[] }): void => {
    if (n.type === 'text' || n.type === 'inlineCode') texts.push(n.value ?? '')
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c)
  }
  walk(tree)
  return texts.join('|')
}

describe('Japanese line breaks', () => {
  it('joins two Japanese characters across a line break', () => {
    expect(paragraphText('配信結果や\nクリックカウントを見ます。')).toBe('配信結果やクリックカウントを見ます。')
    expect(paragraphText('会員を登録し、\n  配信します。')).toBe('会員を登録し、配信します。')
  })

  it('joins across an inline element that starts or ends in Japanese', () => {
    expect(paragraphText('配信結果や\n**クリックカウント**\nを見ます。')).toBe('配信結果や|クリックカウント|を見ます。')
  })

  it('keeps the break next to Latin letters, digits and code', () => {
    expect(paragraphText('API の\nJSON を返します。')).toBe('API の\nJSON を返します。')
    expect(paragraphText('最大\n100 件です。')).toBe('最大\n100 件です。')
    expect(paragraphText('次に\n`add_member` を呼びます。')).toBe('次に\n|add_member| を呼びます。')
  })

  it('leaves code blocks as they are', () => {
    expect(paragraphText('```\n配信\n結果\n```')).toBe('')
  })
})
