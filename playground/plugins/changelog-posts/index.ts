/**
 * The krs-kit release posts of /history, read from the published packages' CHANGELOG.md
 * files (written by Changesets: `npm run version`).
 *
 * Every release commit (the commit that added a `## <version>` heading to one or more change
 * logs) becomes one post: "krs-kit のリリース" with a section per package version. The date is
 * that commit's date (git); a heading not committed yet is dated by the file's modification
 * time (stable across reloads of `docusaurus start`). The posts are written
 * as Markdown into blog/krs-kit-releases/ (not checked in) when the site configuration loads,
 * before the blog plugin reads its folder; files are rewritten only when their text changes.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { LoadContext, Plugin } from '@docusaurus/types'

/** The published packages whose change logs feed the posts, in the order sections appear. */
export const CHANGELOG_PACKAGES = ['sdk', 'mock-server', 'cli'] as const

/** The folder below blog/ that holds the generated posts. */
export const GENERATED_DIR = 'krs-kit-releases'

export interface ChangelogRelease {
  packageName: string
  version: string
  /** The Markdown below the version heading. */
  body: string
}

export interface ReleasePost {
  slug: string
  /** ISO 8601 date-time of the release commit. */
  date: string
  title: string
  releases: ChangelogRelease[]
}

/** The `## <version>` sections of one CHANGELOG.md (Changesets' format), newest first. */
export function parseChangelog(text: string): { packageName: string; releases: ChangelogRelease[] } {
  const lines = text.split(/\r?\n/)
  const packageName = /^#\s+(.+?)\s*$/.exec(lines.find((l) => /^#\s/.test(l)) ?? '')?.[1] ?? ''
  const releases: ChangelogRelease[] = []
  let current: { version: string; lines: string[] } | undefined
  const flush = (): void => {
    if (current) releases.push({ packageName, version: current.version, body: current.lines.join('\n').trim() })
  }
  for (const line of lines) {
    const heading = /^##\s+(\S+)\s*$/.exec(line)
    if (heading?.[1]) {
      flush()
      current = { version: heading[1], lines: [] }
    } else if (current) {
      current.lines.push(line)
    }
  }
  flush()
  return { packageName, releases }
}

const SECTION_TITLES: Record<string, string> = {
  'Major Changes': '互換性のない変更',
  'Minor Changes': '機能の追加',
  'Patch Changes': '修正',
}

/** A release's Markdown for the post: Japanese section titles, commit prefixes dropped. */
export function releaseMarkdown(release: ChangelogRelease): string {
  return release.body
    .split('\n')
    .map((line) => {
      const section = /^###\s+(.+?)\s*$/.exec(line)
      if (section?.[1]) return `#### ${SECTION_TITLES[section[1]] ?? section[1]}`
      // Changesets' default format: "- 1a2b3c4: summary".
      const item = /^(\s*[-*]\s+)[0-9a-f]{7,40}:\s+(.*)$/.exec(line)
      if (item) return `${item[1]}${item[2]}`
      if (/^(\s*[-*]\s+)Updated dependencies/.test(line))
        return line.replace(/Updated dependencies(?: \[[^\]]*\])?/, '依存パッケージの更新')
      return line
    })
    .join('\n')
}

/** The commit (hash and ISO date) that added `## <version>` to `file`, or undefined. */
function releaseCommit(repoRoot: string, file: string, version: string): { hash: string; date: string } | undefined {
  const r = spawnSync(
    'git',
    ['log', '--reverse', '--format=%H %cI', '-S', `## ${version}`, '--', relative(repoRoot, file)],
    { cwd: repoRoot, encoding: 'utf8' },
  )
  if (r.status !== 0) return undefined
  const [hash, date] = (r.stdout.split('\n').find((l) => l.trim() !== '') ?? '').split(' ')
  return hash && date ? { hash, date } : undefined
}

/** The release posts of the change logs below `repoRoot`, newest first. */
export function changelogPosts(repoRoot: string): ReleasePost[] {
  const groups = new Map<string, { date: string; releases: ChangelogRelease[] }>()
  for (const dir of CHANGELOG_PACKAGES) {
    const file = join(repoRoot, dir, 'CHANGELOG.md')
    if (!existsSync(file)) continue
    for (const release of parseChangelog(readFileSync(file, 'utf8')).releases) {
      const commit = releaseCommit(repoRoot, file, release.version) ?? {
        hash: 'uncommitted',
        date: statSync(file).mtime.toISOString(),
      }
      const group = groups.get(commit.hash) ?? { date: commit.date, releases: [] }
      group.releases.push(release)
      groups.set(commit.hash, group)
    }
  }
  const sorted = [...groups.values()].sort((a, b) => Date.parse(b.date) - Date.parse(a.date))
  const slugCount = new Map<string, number>()
  // Slugs by day; a second release on the same day gets -2 (counted oldest first, so a
  // release's slug does not change when a newer one is added).
  const slugs = [...sorted]
    .reverse()
    .map((g) => {
      const day = g.date.slice(0, 10)
      const n = (slugCount.get(day) ?? 0) + 1
      slugCount.set(day, n)
      return n === 1 ? `krs-kit-${day}` : `krs-kit-${day}-${n}`
    })
    .reverse()
  return sorted.map((g, i) => ({
    slug: slugs[i] ?? '',
    date: g.date,
    title: `krs-kit のリリース（${g.releases.map((r) => `${r.packageName} ${r.version}`).join('、')}）`,
    releases: g.releases,
  }))
}

/** The Markdown file of a post. */
export function postFile(post: ReleasePost): string {
  const yaml = (s: string): string => JSON.stringify(s)
  const sections = post.releases.map((r) => `### ${r.packageName} ${r.version}\n\n${releaseMarkdown(r)}\n`)
  return [
    '---',
    `slug: ${yaml(post.slug)}`,
    `title: ${yaml(post.title)}`,
    `date: ${post.date}`,
    '---',
    '',
    `krs-kit の公開パッケージの新しい版です（各パッケージの CHANGELOG.md より）。`,
    '',
    '<!-- truncate -->',
    '',
    ...sections,
  ].join('\n')
}

/** Writes the posts into `blogDir`/krs-kit-releases; returns the slugs written. */
export function writeChangelogPosts(repoRoot: string, blogDir: string): string[] {
  const out = join(blogDir, GENERATED_DIR)
  mkdirSync(out, { recursive: true })
  const posts = changelogPosts(repoRoot)
  const wanted = new Map(posts.map((p) => [`${p.slug}.md`, postFile(p)]))
  for (const f of readdirSync(out)) if (f.endsWith('.md') && !wanted.has(f)) rmSync(join(out, f))
  for (const [f, text] of wanted) {
    const path = join(out, f)
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text)
  }
  return posts.map((p) => p.slug)
}

/** Docusaurus plugin: writes the posts when the site loads and watches the change logs. */
export function changelogPostsPlugin(context: LoadContext): Plugin {
  const repoRoot = join(context.siteDir, '..')
  writeChangelogPosts(repoRoot, join(context.siteDir, 'blog'))
  return {
    name: 'krs-changelog-posts',
    getPathsToWatch: () => CHANGELOG_PACKAGES.map((dir) => join(repoRoot, dir, 'CHANGELOG.md')),
  }
}
