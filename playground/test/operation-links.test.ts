import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Link, Parent, Root, RootContent } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import remarkOperationLinks, { operationTags } from '../plugins/operation-links'
import { siteDir } from './support/site-build.js'

// plugins/operation-links: a guide's mention of an operation links to /api and to its
// playground page.
const tags = operationTags()
const transform = (markdown: string): Root => {
  const processor = unified().use(remarkParse).use(remarkOperationLinks)
  return processor.runSync(processor.parse(markdown)) as Root
}

function docFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return docFiles(path)
    return /\.mdx?$/.test(name) ? [path] : []
  })
}

/** Every inline code naming an operation, with the links around it and the node after its link. */
function mentions(tree: Root): { name: string; inLink: Link | null; inHeading: boolean; next?: RootContent[] }[] {
  const out: { name: string; inLink: Link | null; inHeading: boolean; next?: RootContent[] }[] = []
  const walk = (node: Parent, link: Link | null, heading: boolean, siblingsAfter?: RootContent[]): void => {
    node.children.forEach((child, i) => {
      const rest = (node.children as RootContent[]).slice(i + 1)
      if (child.type === 'inlineCode' && tags.has(child.value))
        out.push({ name: child.value, inLink: link, inHeading: heading, next: siblingsAfter })
      if ('children' in child)
        walk(
          child as Parent,
          child.type === 'link' ? child : link,
          heading || child.type === 'heading',
          child.type === 'link' ? rest : siblingsAfter,
        )
    })
  }
  walk(tree, null, false)
  return out
}

describe('operation links in the docs', () => {
  it('the contract names each of its operations (one per file of spec/paths/) with its tag', () => {
    expect(tags.size).toBe(readdirSync(join(import.meta.dirname, '..', '..', 'spec', 'paths')).length)
    expect(tags.get('add_member')).toBe('member-info')
  })

  it('links a mention to its /api entry and its playground page, and leaves other code alone', () => {
    const tree = transform('会員は `add_member` で登録します。`member_id` は別物です。')
    const paragraph = tree.children[0] as Parent
    const [before, reference, open, tryIt, close, after] = paragraph.children as RootContent[]
    expect(before).toMatchObject({ type: 'text', value: '会員は ' })
    expect(reference).toMatchObject({
      type: 'link',
      url: '/api#tag/member-info/operation/add_member',
      children: [{ type: 'inlineCode', value: 'add_member' }],
    })
    expect(open).toMatchObject({ type: 'text', value: '（' })
    expect(tryIt).toMatchObject({ type: 'link', url: '/playground/add_member', children: [{ value: '試す' }] })
    expect(close).toMatchObject({ type: 'text', value: '）' })
    expect(after).toMatchObject({ type: 'text', value: ' で登録します。' })
    expect(JSON.stringify(tree)).toContain('"value":"member_id"')
    expect(JSON.stringify(tree)).not.toContain('operation/member_id')
  })

  it('keeps headings and existing links as they are; a heading naming operations gets their links below it', () => {
    const tree = transform('## `add_member` の使い方\n\n[`get_member_info` の説明](/tutorials)\n')
    const [heading, below, after] = tree.children
    expect(heading?.type).toBe('heading')
    expect(JSON.stringify(heading)).not.toContain('/api#')
    expect(below?.type).toBe('paragraph')
    expect(JSON.stringify(below)).toContain('"/api#tag/member-info/operation/add_member"')
    expect(JSON.stringify(below)).toContain('"/playground/add_member"')
    expect(JSON.stringify(after)).not.toContain('/api#')
  })

  const files = docFiles(join(siteDir, 'docs'))
  it.each(files.map((f) => [f.slice(siteDir.length + 1), f]))(
    '%s: every mention of an operation outside headings is a link to /api, with its playground link',
    (_name, file) => {
      const source = readFileSync(file as string, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '')
      for (const m of mentions(transform(source))) {
        if (m.inHeading) continue
        expect(m.inLink?.url, m.name).toMatch(
          new RegExp(`^/api#tag/[a-z-]+/operation/${m.name}$|^/playground/${m.name}$`),
        )
        if (m.inLink?.url.startsWith('/api#'))
          expect(m.next?.find((n) => n.type === 'link')).toMatchObject({ url: `/playground/${m.name}` })
      }
    },
  )

  it('the home page table names the operations as links', () => {
    const tree = transform(readFileSync(join(siteDir, 'docs', 'intro.mdx'), 'utf8'))
    const linkedNames = mentions(tree).filter((m) => m.inLink?.url.startsWith('/api#'))
    expect(linkedNames.map((m) => m.name)).toEqual(expect.arrayContaining(['add_member', 'get_member_info']))
  })
})
