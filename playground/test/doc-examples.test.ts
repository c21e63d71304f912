import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Code, Root, RootContent } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { siteDir } from './support/site-build.js'

// Every request example of the docs, sent to the emulator with the default scenario: a curl
// block (`curl … /api/v1/{api_name} … -d '{…}'`) and a TypeScript call (`krs.call('{api_name}',
// {…})`) must be answered 2xx. A block that shows a failure on purpose says which in its meta
// (```ts error=KR_API_F0303): it must be answered with that error code.

/** The emulator's package entry (its built JavaScript; its types are built with the package). */
const mockServerEntry = '@krs-kit/mock-server'
const { createEngine } = (await import(mockServerEntry)) as {
  createEngine(): { handle(request: Request): Promise<Response> }
}

interface Example {
  file: string
  line: number
  name: string
  body: unknown
  error?: string
}

function docFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return docFiles(path)
    return /\.mdx?$/.test(name) ? [path] : []
  })
}

function codeBlocks(tree: Root): Code[] {
  const out: Code[] = []
  const walk = (n: Root | RootContent): void => {
    if (n.type === 'code') out.push(n)
    if ('children' in n) for (const c of n.children) walk(c)
  }
  walk(tree)
  return out
}

/** The object literal starting at `start` (a `{`), by bracket counting outside strings. */
function literalAt(text: string, start: number): string {
  let depth = 0
  let quote = ''
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!
    if (quote) {
      if (ch === '\\') i++
      else if (ch === quote) quote = ''
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch
    else if (ch === '{' || ch === '[') depth++
    else if (ch === '}' || ch === ']') {
      depth--
      if (depth === 0) return text.slice(start, i + 1)
    }
  }
  throw new Error(`unbalanced literal at ${start}`)
}

function examplesOf(file: string): Example[] {
  const source = readFileSync(file, 'utf8')
  const tree = unified().use(remarkParse).parse(source)
  const out: Example[] = []
  for (const block of codeBlocks(tree)) {
    const error = /\berror=(\S+)/.exec(block.meta ?? '')?.[1]
    const line = block.position?.start.line ?? 0
    const rel = file.slice(siteDir.length + 1)
    if (block.lang === 'bash' || block.lang === 'sh') {
      // One curl command per example: its lines joined at the backslashes.
      const commands = block.value.replace(/\\\n\s*/g, ' ').split('\n')
      for (const command of commands) {
        const url = /^curl\b.*\/api\/v1\/([a-z_]+)/.exec(command)
        if (!url) continue
        const data = /\s-d\s+'([^']*)'/.exec(command)?.[1]
        if (data === undefined) continue // multipart uploads (-F) are not JSON requests
        out.push({ file: rel, line, name: url[1]!, body: JSON.parse(data), error })
      }
    } else if (block.lang === 'ts') {
      for (const m of block.value.matchAll(/\bkrs\.call\(\s*'([a-z_]+)'\s*,\s*/g)) {
        const literal = literalAt(block.value, m.index + m[0].length)
        out.push({ file: rel, line, name: m[1]!, body: new Function(`return (${literal})`)(), error })
      }
    }
  }
  return out
}

const examples = docFiles(join(siteDir, 'docs')).flatMap(examplesOf)

/**
 * Examples that use an id made by an earlier step of the guide (a delivery, a batch job) or a
 * member's password the default scenario does not know: they need the guide's steps run in
 * order on one emulator, which this test does not do yet. Keyed `file:api_name`.
 */
const NEEDS_EARLIER_STEPS: Record<string, string> = {
  'docs/examples/download-file.mdx:get_batch_job_result': 'batch_job_id comes from export_members',
  'docs/tutorials/upload-download.mdx:get_batch_job_result': 'batch_job_id comes from export_members',
  'docs/tutorials/mail-delivery.mdx:get_delivery_status': 'delivery_id comes from add_delivery_schedule',
  'docs/tutorials/forms.mdx:auth_member': "the member's password is set by the registration step",
}

describe('request examples of the docs against the default scenario', () => {
  it('finds the examples (curl and TypeScript)', () => {
    expect(examples.length).toBeGreaterThan(15)
  })

  const runnable = examples.filter((e) => !NEEDS_EARLIER_STEPS[`${e.file}:${e.name}`])
  it('leaves out only the examples listed with their reason', () => {
    expect(examples.length - runnable.length).toBe(Object.keys(NEEDS_EARLIER_STEPS).length)
  })

  it.each(runnable.map((e) => [`${e.file}:${e.line} ${e.name}`, e] as const))('%s', async (_label, example) => {
    const engine = createEngine()
    const res = await engine.handle(
      new Request(`http://krs.test/api/v1/${example.name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
        body: JSON.stringify(example.body),
      }),
    )
    const answer = (await res.json()) as { error_code?: string; error_desc?: string; detail?: string }
    if (example.error) {
      expect(answer.error_code, JSON.stringify(answer)).toBe(example.error)
    } else {
      expect(res.status, JSON.stringify(answer)).toBeLessThan(300)
    }
  })
})
