/**
 * remark plugin: appends to each section of a page a hidden block with the readings of its
 * kanji words in hiragana and katakana (配信 → はいしん ハイシン), so that the local search
 * index (@easyops-cn/docusaurus-search-local, which indexes the text of the built HTML)
 * finds the page when a word is typed in kana. See README.md.
 */
import type { Root, RootContent } from 'mdast'
import { collectText } from './collect-text.js'
import { containsKanji, katakanaToHiragana } from './kana.js'
import { extractReadings, type ReadingEntry } from './readings.js'
import { getTokenizer } from './tokenizer.js'

export interface SearchReadingsOptions {
  /** At most this many readings (word + reading pairs) are added to one page. Default 300. */
  maxReadingsPerPage?: number
  /** Class of the added element. Default "search-readings". */
  className?: string
}

export const DEFAULT_MAX_READINGS_PER_PAGE = 300
export const DEFAULT_CLASS_NAME = 'search-readings'

/** Headings that start a section in the search index (the indexer splits at h1, h2, h3). */
const MAX_SECTION_HEADING_DEPTH = 3

interface Section {
  /** Index in root.children before which the block goes. */
  end: number
  text: string
}

/** The part of the VFile the plugin reads: Docusaurus puts the parsed front matter in data. */
interface FileLike {
  data?: object
}

function frontMatterTitle(file: FileLike | undefined): string {
  const frontMatter = (file?.data as { frontMatter?: unknown } | undefined)?.frontMatter
  if (frontMatter && typeof frontMatter === 'object' && 'title' in frontMatter) {
    const { title } = frontMatter as { title: unknown }
    if (typeof title === 'string') return `${title}\n`
  }
  return ''
}

/**
 * Splits the root children where the search indexer starts a new section. A heading only
 * closes the current section once that section has prose of its own, so imports or comments
 * above the first heading never get a block placed before it (outside any indexed section).
 */
function splitSections(tree: Root, file: FileLike | undefined): Section[] {
  const sections: Section[] = []
  let text = frontMatterTitle(file)
  let hasProse = false
  tree.children.forEach((child, index) => {
    if (child.type === 'heading' && child.depth <= MAX_SECTION_HEADING_DEPTH && hasProse) {
      sections.push({ end: index, text })
      text = ''
      hasProse = false
    }
    const childText = collectText(child)
    text += childText
    if (childText.trim() !== '') hasProse = true
  })
  sections.push({ end: tree.children.length, text })
  return sections
}

/** The text of the block: "配信 はいしん ハイシン、 会員 かいいん カイイン、" (each word space-separated). */
export function formatReadings(entries: readonly ReadingEntry[]): string {
  return entries
    .map(({ surface, reading }) => {
      const hiragana = katakanaToHiragana(reading)
      return hiragana === reading ? `${surface} ${reading}、` : `${surface} ${hiragana} ${reading}、`
    })
    .join(' ')
}

function readingsBlock(className: string, entries: readonly ReadingEntry[]): RootContent {
  // A paragraph node rendered as <div class="…" hidden aria-hidden="true" lang="ja">…</div>:
  // mdast-util-to-hast applies data.hName and data.hProperties to any node.
  const node = {
    type: 'paragraph',
    data: {
      hName: 'div',
      hProperties: { className: [className], hidden: true, ariaHidden: 'true', lang: 'ja' },
    },
    children: [{ type: 'text', value: formatReadings(entries) }],
  }
  return node as unknown as RootContent
}

/**
 * Splits a budget between sections that want `wanted[i]` items each: every section gets an
 * equal share (a long first section cannot starve the later ones), and what a section does
 * not use goes to the others. The sum never exceeds the budget.
 */
export function fairShares(wanted: readonly number[], budget: number): number[] {
  const given = wanted.map(() => 0)
  let remaining = Math.max(0, Math.floor(budget))
  let open = wanted.map((_, index) => index).filter((index) => (wanted[index] ?? 0) > 0)
  while (remaining > 0 && open.length > 0) {
    const share = Math.max(1, Math.floor(remaining / open.length))
    for (const index of open) {
      const add = Math.min(share, (wanted[index] ?? 0) - (given[index] ?? 0), remaining)
      given[index] = (given[index] ?? 0) + add
      remaining -= add
    }
    open = open.filter((index) => (given[index] ?? 0) < (wanted[index] ?? 0))
  }
  return given
}

export default function remarkSearchReadings(options: SearchReadingsOptions = {}) {
  const maxReadings = options.maxReadingsPerPage ?? DEFAULT_MAX_READINGS_PER_PAGE
  const className = options.className ?? DEFAULT_CLASS_NAME
  return async (tree: Root, file?: FileLike): Promise<void> => {
    const sections = splitSections(tree, file)
    if (!sections.some((section) => containsKanji(section.text))) return
    const tokenizer = await getTokenizer()
    const found = sections.map((section) => extractReadings(tokenizer, section.text))
    const counts = fairShares(
      found.map((entries) => entries.length),
      maxReadings,
    )
    const blocks = sections
      .map((section, index) => ({ end: section.end, entries: (found[index] ?? []).slice(0, counts[index]) }))
      .filter((block) => block.entries.length > 0)
    // Insert from the last section backwards so earlier indexes stay valid.
    for (const { end, entries } of blocks.reverse()) {
      tree.children.splice(end, 0, readingsBlock(className, entries))
    }
  }
}
