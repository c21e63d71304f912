import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { transform } from 'esbuild'
import type { Code, Root, RootContent } from 'mdast'
import remarkParse from 'remark-parse'
import { parse as parseShell } from 'shell-quote'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { createKrsClient } from '@krs-kit/sdk'
import { run as runCli } from '@krs-kit/cli/internal'
import { siteDir } from './support/site-build.js'

// Every request example of the docs, sent to the emulator with the default scenario: a TypeScript
// call (`krs.call('{api_name}', {…})`) here on its own emulator, a curl block (`curl … /api/v1/
// {api_name} … -d '{…}'`) below in its guide's order like the CLI and SDK examples, each must be
// answered 2xx. A block that shows a failure on purpose says which in its meta
// (```ts error=KR_API_F0303): it must be answered with that error code.

/** A tenant of the emulator: its id, which a fork names as its source. */
interface DocTenant {
  id: string
}

interface DocEngine {
  handle(request: Request): Promise<Response>
  defaultTenant: DocTenant
  createTenant(options: { from: string }): DocTenant
}

/** The emulator's package entry (its built JavaScript; its types are built with the package). */
const mockServerEntry = '@krs-kit/mock-server'
const { createEngine, tokensByName } = (await import(mockServerEntry)) as {
  createEngine(options?: { seed?: number; clock?: { mode: 'manual'; now: number } }): DocEngine
  tokensByName(tenant: DocTenant): Record<string, string>
}

/**
 * A request to `tenant`, a fork: the docs' tokens are the default tenant's (`krs-all`), the
 * fork answers its own, of the same names.
 */
function asTenant(request: Request, tokens: Record<string, string>): Request {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
  const own = token === undefined ? undefined : tokens[token]
  if (own === undefined) return request
  const headers = new Headers(request.headers)
  headers.set('authorization', `Bearer ${own}`)
  return new Request(request, { headers })
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

const trees = new Map<string, Root>()

/** The markdown tree of a page, parsed once for every reading of it below (a second of CPU per pass over the docs). */
function treeOf(file: string): Root {
  let tree = trees.get(file)
  if (!tree) {
    tree = unified().use(remarkParse).parse(readFileSync(file, 'utf8'))
    trees.set(file, tree)
  }
  return tree
}

function examplesOf(file: string): Example[] {
  const tree = treeOf(file)
  const out: Example[] = []
  for (const block of codeBlocks(tree)) {
    const error = /\berror=(\S+)/.exec(block.meta ?? '')?.[1]
    const line = block.position?.start.line ?? 0
    const rel = file.slice(siteDir.length + 1)
    if (block.lang === 'ts') {
      for (const m of block.value.matchAll(/\bkrs\.call\(\s*'([a-z_]+)'\s*,\s*/g)) {
        const literal = literalAt(block.value, m.index + m[0].length)
        out.push({ file: rel, line, name: m[1]!, body: new Function(`return (${literal})`)(), error })
      }
    }
  }
  return out
}

const examples = docFiles(join(siteDir, 'docs')).flatMap(examplesOf)

describe('krs.call examples of the docs against the default scenario', () => {
  // One emulator for the file; each example runs on a fork of its untouched default tenant,
  // which is the state a fresh emulator starts in, for a fraction of a millisecond.
  const engine = createEngine()

  it('finds the examples (TypeScript calls)', () => {
    expect(examples.length).toBeGreaterThan(2)
  })

  it.each(examples.map((e) => [`${e.file}:${e.line} ${e.name}`, e] as const))('%s', async (_label, example) => {
    const tenant = engine.createTenant({ from: engine.defaultTenant.id })
    const res = await engine.handle(
      asTenant(
        new Request(`http://krs.test/api/v1/${example.name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
          body: JSON.stringify(example.body),
        }),
        tokensByName(tenant),
      ),
    )
    const answer = (await res.json()) as { error_code?: string; error_desc?: string; detail?: string }
    if (example.error) {
      expect(answer.error_code, JSON.stringify(answer)).toBe(example.error)
    } else {
      expect(res.status, JSON.stringify(answer)).toBeLessThan(300)
    }
  })
})

// The CLI (`krs …`, `npx krs …` in a shell block), curl (`curl … -d '{…}'` in a shell block) and
// TypeScript SDK (`krs.addMember({…})` in a ts block) examples, run as a reader runs them: a guide's examples of one language in
// order on one emulator (the default scenario, a manual clock), so that a step can use what an
// earlier one made (the languages are alternatives, in tabs: each runs on its own emulator).
// What a guide says exists before its examples is a setup step: a ts block marked `setup`
// (```ts setup```) runs first in every language's sequence, a block titled with a file name
// (```csv title="upload.csv"```) is written where the examples read files. The CLI runs in
// this process (its `run` with the emulator as its fetch), the SDK's blocks as code with `krs`
// a client of the same emulator, a curl request as the same request to the emulator. An id made by
// an earlier step is written in the guide as the emulator gives it (`# 501（バッチジョブ ID）`).

/** The emulator's clock starts at the reader's now (a guide's `Date.now()` and `--at +1h` agree with it). */
const DOC_NOW = Math.floor(Date.now() / 1000)

/** Values of the environment variables the examples use. */
const DOC_ENV: Record<string, string> = {
  KRS_API_TOKEN: 'krs-all',
  KRS_ENV_ID: 'abc123',
  KRS_BASE_URL: 'http://127.0.0.1:4010',
}

/** CLI commands that are not requests to the API (a server, a mirror of a real environment, a comparison with one). */
const CLI_NOT_REQUESTS: Record<string, string> = {
  mock: 'starts an emulator',
  scenario: 'reads a real environment into a scenario file',
  verify: 'compares a real environment with the contract',
  completion: 'prints a shell completion script',
  help: 'prints help',
}

interface Step {
  file: string
  line: number
  kind: 'cli' | 'ts' | 'curl' | 'file'
  /** Runs in every language's sequence (a setup block, a file). */
  setup?: boolean
  /** The CLI's arguments (after `krs`), the TypeScript code, or a file's content. */
  argv?: string[]
  code?: string
  /** A curl request: the operation and its JSON body. */
  name?: string
  body?: unknown
  /** A shell block's `sleep N`: the reader waits, the emulator's clock moves by N seconds. */
  sleep?: number
  /** A block titled with a file name (```csv title="upload.csv"```): the file the next steps read. */
  file_name?: string
  error?: string
}

/**
 * The commands of a shell block as the shell reads them: a backslash before a newline joins two
 * lines, a newline inside quotes belongs to the word (a CSV body in `--body-value '…'`).
 */
function shellLines(value: string): string[] {
  const out: string[] = []
  let line = ''
  let quote = ''
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!
    if (ch === '\\' && quote !== "'") {
      // an escaped character; outside quotes an escaped newline joins the lines
      if (quote || value[i + 1] !== '\n') line += ch + (value[i + 1] ?? '')
      i++
    } else if (quote) {
      if (ch === quote) quote = ''
      line += ch
    } else if (ch === '#' && (line === '' || /\s$/.test(line))) {
      // a comment runs to the end of the line (a quote in it opens nothing)
      line += ch
      while (i + 1 < value.length && value[i + 1] !== '\n') line += value[++i]
    } else if (ch === '\n') {
      out.push(line)
      line = ''
    } else {
      if (ch === "'" || ch === '"') quote = ch
      line += ch
    }
  }
  out.push(line)
  return out
}

/** `krs …` commands of a shell block: its lines as the shell reads them, variables expanded, comments dropped. */
function cliCommands(value: string): string[][] {
  const out: string[][] = []
  for (const raw of shellLines(value)) {
    const line = raw.trim().replace(/^\$\s+/, '')
    if (!/^(npx\s+)?krs\s/.test(line)) continue
    const words: string[] = []
    for (const t of parseShell(line, (key) => DOC_ENV[key] ?? '')) {
      if (typeof t !== 'string') break // a comment, a redirection or a pipe ends the command
      words.push(t)
    }
    out.push(words.slice(words[0] === 'npx' ? 2 : 1))
  }
  return out
}

/**
 * The curl requests of a shell block (`curl … /api/v1/{api_name} … -d '{…}'`, lines joined at
 * backslashes) and its `sleep N` lines, when the block has a curl request: the reader waits
 * where the guide says so, so a batch job or a delivery is done by the next request.
 */
function curlSteps(value: string): Pick<Step, 'kind' | 'name' | 'body' | 'sleep'>[] {
  const out: Pick<Step, 'kind' | 'name' | 'body' | 'sleep'>[] = []
  for (const raw of shellLines(value)) {
    const line = raw.trim()
    const sleep = /^sleep\s+(\d+)\b/.exec(line)
    if (sleep) {
      out.push({ kind: 'curl', sleep: Number(sleep[1]) })
      continue
    }
    const url = /^curl\b.*\/api\/v1\/([a-z_]+)/.exec(line)
    if (!url) continue
    const data = /\s-d\s+'([^']*)'/.exec(line)?.[1]
    if (data === undefined) continue // multipart uploads (-F) are not JSON requests
    out.push({ kind: 'curl', name: url[1]!, body: JSON.parse(data) })
  }
  return out.some((s) => s.name) ? out : []
}

/** Whether a ts block calls the SDK's camelCase methods (`krs.addMember(`). */
const callsSdk = (code: string): boolean => /\bkrs\.(?!call\()[a-z][A-Za-z]+\(/.test(code)

/**
 * A test file of a test runner (the testing guide's Vitest, Jest and Playwright recipes): it
 * needs that runner, so it is not run here; examples/react-app runs the Vitest and Playwright
 * recipes in `npm run test:slow`.
 */
const isTestRunnerFile = (code: string): boolean =>
  /^import\s[^\n]*from\s+["'](?:vitest|@jest\/globals|@playwright\/test)["']/m.test(code) ||
  /^(?:beforeAll|beforeEach|describe|test|it)\(/m.test(code)

/** A block marked `setup` in its meta (```ts setup```, ```sh setup```). */
const isSetup = (meta: string | null | undefined): boolean => /(^|\s)setup(\s|$)/.test(meta ?? '')

function stepsOf(file: string): Step[] {
  const tree = treeOf(file)
  const rel = file.slice(siteDir.length + 1)
  const out: Step[] = []
  for (const block of codeBlocks(tree)) {
    const error = /\berror=(\S+)/.exec(block.meta ?? '')?.[1]
    const line = block.position?.start.line ?? 0
    const title = /\btitle="([^"/]+\.(?:csv|tsv|txt))"/.exec(block.meta ?? '')?.[1]
    if (title) {
      out.push({ file: rel, line, kind: 'file', file_name: title, code: `${block.value}\n`, setup: true })
    } else if (['bash', 'sh', 'shell', 'console'].includes(block.lang ?? '')) {
      const setup = isSetup(block.meta)
      for (const argv of cliCommands(block.value)) {
        if (argv[0] && CLI_NOT_REQUESTS[argv[0]]) continue
        out.push({ file: rel, line, kind: 'cli', argv, error, setup })
      }
      out.push(...curlSteps(block.value).map((s) => ({ file: rel, line, error, ...s })))
    } else if (
      (block.lang === 'ts' || block.lang === 'typescript') &&
      callsSdk(block.value) &&
      !isTestRunnerFile(block.value)
    ) {
      out.push({
        file: rel,
        line,
        kind: 'ts',
        code: block.value,
        error,
        setup: isSetup(block.meta),
      })
    }
  }
  return out
}

interface DocEmulator {
  /** The tenant the requests reach: a later emulator can start from its state (docEmulator). */
  tenant: DocTenant
  /** A fetch to the emulator from any address (a real environment's too: `/{env}/api/v1/…`). */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
  /** The tools' waits: the emulator's clock moves by the time waited, at once. */
  sleep: (ms: number) => Promise<void>
}

/**
 * The file's one emulator (default scenario, manual clock). Each guide's sequence runs on a
 * tenant forked from its default tenant, which nothing else writes: the state a fresh emulator
 * starts in, without building the scenario again for every sequence.
 */
const docEngine = createEngine({ seed: 1, clock: { mode: 'manual', now: DOC_NOW } })

/**
 * A fresh emulator that the CLI and the SDK take for the service: a fork of `from` (the
 * default tenant of the file's emulator unless said), whose answers lose the header that
 * names the emulator, and whose waits move its clock, so a guide's waits run as they do
 * against the service, without the time.
 */
function docEmulator(from: DocTenant = docEngine.defaultTenant): DocEmulator {
  const engine = docEngine
  const tenant = engine.createTenant({ from: from.id })
  const tokens = tokensByName(tenant)
  return {
    tenant,
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const url = new URL(request.url)
      const at = url.pathname.indexOf('/api/v1/')
      const local = new URL(`http://krs.test${at >= 0 ? url.pathname.slice(at) : url.pathname}${url.search}`)
      const answer = await engine.handle(asTenant(new Request(local, request), tokens))
      const headers = new Headers(answer.headers)
      headers.delete('x-krs-emulator')
      return new Response(answer.body, { status: answer.status, headers })
    },
    sleep: async (ms) => {
      const res = await engine.handle(
        new Request('http://krs.test/__mock/clock', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens['krs-all']}` },
          body: JSON.stringify({ advance_seconds: Math.max(1, Math.ceil(ms / 1000)) }),
        }),
      )
      if (!res.ok) throw new Error(`the emulator's clock did not move: ${res.status} ${await res.text()}`)
    },
  }
}

/** Runs `krs <argv>` in this process against the emulator; its exit code and output. */
async function runKrs(argv: string[], emulator: DocEmulator, cwd: string): Promise<{ code: number; out: string }> {
  let out = ''
  const write = (t: string): void => {
    out += t
  }
  const code = await runCli(argv, {
    stdout: write,
    stderr: write,
    readStdin: async () => '',
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env: { ...DOC_ENV, XDG_CONFIG_HOME: cwd },
    cwd,
    fetch: emulator.fetch,
    sleep: emulator.sleep,
  })
  return { code, out }
}

/** The modules a guide's ts block may import, its files in the guide's folder. */
function docModules(cwd: string): Record<string, Record<string, unknown>> {
  const at = (path: string): string => resolve(cwd, path)
  return {
    'node:fs/promises': {
      readFile: (path: string, ...rest: [BufferEncoding]) => readFile(at(path), ...rest),
      writeFile: (path: string, data: string | Uint8Array) => writeFile(at(path), data),
    },
  }
}

/** `import { a, b as c } from 'm'` as `const { a, b: c } = __modules['m']` (a block runs as a function body). */
function withModules(code: string): string {
  return code.replace(
    /^import\s+\{([^}]*)\}\s+from\s+["']([^"']+)["']\s*;?$/gm,
    (_all, names: string, from: string) => {
      const list = names
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== '' && !n.startsWith('type '))
        .map((n) => n.replace(/\s+as\s+/, ': '))
      return `const { ${list.join(', ')} } = __modules[${JSON.stringify(from)}]`
    },
  )
}

/** Runs a ts block with `krs` a client of the emulator (its imports from @krs-kit/sdk and node:fs provided). */
async function runTs(code: string, emulator: DocEmulator, cwd: string): Promise<void> {
  const sdk = await import('@krs-kit/sdk')
  const client = (): ReturnType<typeof createKrsClient> =>
    createKrsClient({
      baseUrl: DOC_ENV.KRS_BASE_URL,
      token: DOC_ENV.KRS_API_TOKEN,
      fetch: emulator.fetch,
      sleep: emulator.sleep,
    })
  // A block that uses `krs` without making it gets the guide's client, as the reader has it.
  const declared = /\b(const|let)\s+krs\s*=/.test(code)
  const imported = /\bimport\s*\{[^}]*\bcreateKrsClient\b/.test(code)
  const ts = `${imported ? '' : "import { createKrsClient } from '@krs-kit/sdk'\n"}${declared ? '' : 'const krs = createKrsClient()\n'}${code}`
  const js = withModules((await transform(ts, { loader: 'ts' })).code)
  const modules = {
    ...docModules(cwd),
    '@krs-kit/sdk': { ...sdk, createKrsClient: client },
    // the testing guide's blocks make their own in-process emulator
    '@krs-kit/mock-server/testing': await import('@krs-kit/mock-server/testing'),
  }
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>
  await new AsyncFunction('__modules', 'process', 'console', js)(
    modules,
    { env: DOC_ENV },
    { log: () => undefined, error: () => undefined, table: () => undefined },
  )
}

/**
 * Pages whose examples each stand alone after the page's setup, with the reason: the CLI
 * reference has one example per operation, written from the contract's request examples
 * (cli/src/reference), and one deletes what another uses (message 1, delivery 2).
 */
const EACH_ALONE: Record<string, string> = {
  'docs/cli-reference.md': "one example per operation: each one runs after the page's set-up on its own emulator",
}

interface Sequence {
  file: string
  kind: 'cli' | 'ts' | 'curl'
  /** The example's line when the page's examples each stand alone (they start from pageSetup). */
  line?: number
  steps: Step[]
}

/** Runs one step of a guide on `emulator`, in the folder `cwd`; what went wrong, or null. */
async function runStep(step: Step, emulator: DocEmulator, cwd: string): Promise<string | null> {
  const where = `${step.file}:${step.line}`
  if (step.kind === 'file') {
    await writeFile(join(cwd, step.file_name!), step.code!)
  } else if (step.kind === 'curl') {
    if (step.sleep !== undefined) {
      await emulator.sleep(step.sleep * 1000)
      return null
    }
    const res = await emulator.fetch(`${DOC_ENV.KRS_BASE_URL}/api/v1/${step.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DOC_ENV.KRS_API_TOKEN}` },
      body: JSON.stringify(step.body),
    })
    const text = await res.text()
    const code = /"error_code"\s*:\s*"([^"]+)"/.exec(text)?.[1]
    const ok = step.error ? code === step.error : res.status < 300
    if (!ok) return `${where} curl ${step.name} ${JSON.stringify(step.body)} → ${res.status}: ${text.slice(0, 300)}`
  } else if (step.kind === 'cli') {
    const r = await runKrs(step.argv!, emulator, cwd)
    const ok = step.error ? r.code !== 0 && r.out.includes(step.error) : r.code === 0
    if (!ok) return `${where} krs ${step.argv!.join(' ')} → exit ${r.code}: ${r.out.slice(0, 300)}`
  } else {
    try {
      await runTs(step.code!, emulator, cwd)
      if (step.error) return `${where} expected ${step.error}, the block ran through`
    } catch (e) {
      const text = String((e as { code?: string }).code ?? '') + String(e)
      if (!step.error || !text.includes(step.error)) return `${where} ${String(e).slice(0, 300)}`
    }
  }
  return null
}

/** A page's set-up, run: the tenant and the folder its examples start from, and what failed. */
interface PageSetup {
  tenant: DocTenant
  cwd: string
  failures: string[]
}

const pageSetups = new Map<string, Promise<PageSetup>>()

/**
 * The set-up steps of a page (`docs/….md`) run once, on a tenant of their own that nothing
 * writes afterwards: each example of the page then starts from a fork of it and a copy of its
 * folder, the state the set-up leaves, without running the set-up again (a delivery waited
 * for, an export) for every one of them.
 */
function pageSetup(file: string): Promise<PageSetup> {
  let done = pageSetups.get(file)
  if (!done) {
    done = (async () => {
      const emulator = docEmulator()
      const cwd = mkdtempSync(join(tmpdir(), 'krs-doc-'))
      const failures: string[] = []
      for (const step of stepsOf(join(siteDir, file)).filter((s) => s.setup)) {
        const failed = await runStep(step, emulator, cwd)
        if (failed) failures.push(`set-up: ${failed}`)
      }
      return { tenant: emulator.tenant, cwd, failures }
    })()
    pageSetups.set(file, done)
  }
  return done
}

/** A fresh emulator and folder for an example of a page whose examples each stand alone, after its set-up. */
async function afterPageSetup(file: string): Promise<{ emulator: DocEmulator; cwd: string; failures: string[] }> {
  const setup = await pageSetup(file)
  const cwd = mkdtempSync(join(tmpdir(), 'krs-doc-'))
  cpSync(setup.cwd, cwd, { recursive: true })
  return { emulator: docEmulator(setup.tenant), cwd, failures: [...setup.failures] }
}

/** A guide's sequences: its setup steps, then the steps of one language, in the guide's order. */
const sequences = docFiles(join(siteDir, 'docs')).flatMap((path): Sequence[] => {
  const file = path.slice(siteDir.length + 1)
  const steps = stepsOf(path)
  return (['cli', 'ts', 'curl'] as const).flatMap((kind) => {
    const own = steps.filter((s) => !s.setup && s.kind === kind)
    if (own.length === 0) return []
    if (EACH_ALONE[file]) return own.map((s) => ({ file, kind, line: s.line, steps: [s] }))
    return [{ file, kind, steps: steps.filter((s) => s.setup || s.kind === kind) }]
  })
})

describe('CLI, curl and TypeScript SDK examples of the docs, each guide in order on one emulator', () => {
  it('finds the examples (CLI commands and SDK calls)', () => {
    const steps = sequences.flatMap((q) => q.steps.filter((s) => !s.setup && s.kind === q.kind))
    expect(steps.filter((s) => s.kind === 'cli').length).toBeGreaterThan(15)
    expect(steps.filter((s) => s.kind === 'ts').length).toBeGreaterThan(5)
  })

  it.each(sequences.map((q) => [`${q.file}${q.line ? `:${q.line}` : ''} (${q.kind})`, q] as const))(
    '%s',
    async (_label, guide) => {
      const { emulator, cwd, failures } =
        guide.line === undefined
          ? { emulator: docEmulator(), cwd: mkdtempSync(join(tmpdir(), 'krs-doc-')), failures: [] }
          : await afterPageSetup(guide.file)
      for (const step of guide.steps) {
        const failed = await runStep(step, emulator, cwd)
        if (failed) failures.push(failed)
      }
      expect(failures).toEqual([])
    },
  )
})

// The contract's request examples (each operation's `example`, shown on /api and by the
// playground's reference panel) name the same ids as the CLI reference's: each is answered 2xx
// after that page's set-up block, on its own emulator.
describe("the contract's request examples, each after the CLI reference's set-up", () => {
  const contract = JSON.parse(readFileSync(join(siteDir, '..', 'spec', 'dist', 'openapi.json'), 'utf8')) as {
    paths: Record<
      string,
      { post: { operationId: string; requestBody: { content: Record<string, { example?: unknown }> } } }
    >
  }
  const requestExamples = Object.values(contract.paths).map(
    ({ post }) => [post.operationId, post.requestBody.content['application/json']?.example] as const,
  )
  const setup = stepsOf(join(siteDir, 'docs', 'cli-reference.md')).filter((s) => s.setup)

  it('finds an example of every operation and the set-up', () => {
    expect(requestExamples.length).toBe(readdirSync(join(import.meta.dirname, '..', '..', 'spec', 'paths')).length)
    expect(requestExamples.filter(([, body]) => body === undefined)).toEqual([])
    expect(setup.length).toBeGreaterThan(5)
  })

  it.each(requestExamples)('%s', async (name, body) => {
    const { emulator, failures } = await afterPageSetup('docs/cli-reference.md')
    expect(failures).toEqual([])
    const res = await emulator.fetch(`${DOC_ENV.KRS_BASE_URL}/api/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DOC_ENV.KRS_API_TOKEN}` },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    expect(res.status, `${JSON.stringify(body)} → ${text.slice(0, 300)}`).toBeLessThan(300)
  })
})
