import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { errorCatalogueMarkdown, isOperationName, operationReference, operations } from './contract.js'

/** The site's guides, copied into the package by the build (scripts/copy-guides.mjs). */
export const guidesDir = fileURLToPath(new URL('../guides/', import.meta.url))

export interface ResourceEntry {
  uri: string
  name: string
  title: string
  description: string
  mimeType: 'text/markdown'
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort()
}

/** The first `# ` heading (or the front matter's title) names a guide. */
function titleOf(text: string, fallback: string): string {
  const front = /^---\n[\s\S]*?\ntitle:\s*(.+)\n[\s\S]*?---/.exec(text)
  const heading = /^#\s+(.+)$/m.exec(text)
  return (front?.[1] ?? heading?.[1] ?? fallback).replace(/^['"]|['"]$/g, '').trim()
}

/** Every resource: the error catalogue, each operation's reference, each guide. */
export async function listResources(): Promise<ResourceEntry[]> {
  const list: ResourceEntry[] = [
    {
      uri: 'krs://errors',
      name: 'errors',
      title: 'Error catalogue',
      description: 'Every error code with its English name, HTTP status and Japanese meaning.',
      mimeType: 'text/markdown',
    },
  ]
  for (const op of Object.values(operations))
    list.push({
      uri: `krs://operations/${op.name}`,
      name: op.name,
      title: `${op.name}: ${op.summary}`,
      description: `Reference of ${op.name}: rights, request and result schemas, errors.`,
      mimeType: 'text/markdown',
    })
  for (const file of await markdownFiles(guidesDir)) {
    const path = file.replace(/\.md$/, '')
    list.push({
      uri: `krs://guides/${path}`,
      name: `guide ${path}`,
      title: titleOf(await readFile(join(guidesDir, file), 'utf8'), path),
      description: `Guide of the documentation site: ${path}`,
      mimeType: 'text/markdown',
    })
  }
  return list
}

/** The text of one resource, or undefined for an unknown URI. */
export async function readResource(uri: string): Promise<string | undefined> {
  if (uri === 'krs://errors') return errorCatalogueMarkdown()
  const op = /^krs:\/\/operations\/([a-z_]+)$/.exec(uri)?.[1]
  if (op !== undefined) return isOperationName(op) ? operationReference(operations[op]) : undefined
  const guide = /^krs:\/\/guides\/([a-z0-9/_-]+)$/.exec(uri)?.[1]
  if (guide !== undefined && !guide.split('/').includes('..'))
    return readFile(join(guidesDir, `${guide}.md`), 'utf8').catch(() => undefined)
  return undefined
}
