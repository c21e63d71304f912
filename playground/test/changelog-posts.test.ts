import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import {
  changelogPosts,
  GENERATED_DIR,
  parseChangelog,
  postFile,
  releaseMarkdown,
  writeChangelogPosts,
} from '../plugins/changelog-posts/index.js'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

const sample = `# @krs-kit/sdk

## 0.2.0

### Minor Changes

- 1a2b3c4: ページングの新しいヘルパー。

### Patch Changes

- Updated dependencies [1a2b3c4]
  - @krs-kit/other@1.0.0

## 0.1.0

### Minor Changes

- 最初のリリース。
`

describe('changelog posts', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  it('parses the version sections of a Changesets change log, newest first', () => {
    const { packageName, releases } = parseChangelog(sample)
    expect(packageName).toBe('@krs-kit/sdk')
    expect(releases.map((r) => r.version)).toEqual(['0.2.0', '0.1.0'])
    expect(releases[1]?.body).toBe('### Minor Changes\n\n- 最初のリリース。')
  })

  it('renders Japanese section titles and drops commit prefixes', () => {
    const [latest] = parseChangelog(sample).releases
    const md = releaseMarkdown(latest!)
    expect(md).toContain('#### 機能の追加\n\n- ページングの新しいヘルパー。')
    expect(md).toContain('#### 修正')
    expect(md).toContain('- 依存パッケージの更新')
    expect(md).not.toContain('1a2b3c4')
  })

  it("makes one post per release commit from this repository's change logs, with every package", () => {
    const posts = changelogPosts(repoRoot)
    expect(posts.length).toBeGreaterThan(0)
    const names = posts.flatMap((p) => p.releases.map((r) => r.packageName))
    for (const name of ['@krs-kit/sdk', '@krs-kit/mock-server', '@krs-kit/cli']) expect(names).toContain(name)
    for (const p of posts) {
      expect(p.slug).toMatch(/^krs-kit-\d{4}-\d{2}-\d{2}(-\d+)?$/)
      expect(Number.isNaN(Date.parse(p.date))).toBe(false)
      const file = postFile(p)
      expect(file).toMatch(new RegExp(`^---\\nslug: "${p.slug}"\\n`))
      expect(file).toContain(`### ${p.releases[0]!.packageName} ${p.releases[0]!.version}`)
    }
    const dates = posts.map((p) => Date.parse(p.date))
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
  })

  it('writes the posts into the blog folder and removes posts that no longer exist', () => {
    const blog = mkdtempSync(join(tmpdir(), 'krs-blog-'))
    dirs.push(blog)
    const stale = join(blog, GENERATED_DIR, 'krs-kit-1999-01-01.md')
    writeChangelogPosts(repoRoot, blog)
    writeFileSync(stale, '---\ntitle: old\n---\n')
    const slugs = writeChangelogPosts(repoRoot, blog)
    expect(existsSync(stale)).toBe(false)
    expect(readdirSync(join(blog, GENERATED_DIR)).sort()).toEqual(slugs.map((s) => `${s}.md`).sort())
    expect(readFileSync(join(blog, GENERATED_DIR, `${slugs[0]}.md`), 'utf8')).toContain('krs-kit のリリース')
  })
})
