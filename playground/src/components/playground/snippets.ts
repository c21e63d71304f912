/** Code that sends exactly the request the playground sends, in four languages. */
export interface SnippetRequest {
  name: string
  body: unknown
  /** Where the request goes: base URL without /api/v1 (e.g. https://krs.bz/abc, http://127.0.0.1:4010). */
  baseUrl: string
  /** Whether the operation needs a token (all but get_version). */
  security: boolean
}

const TOKEN_PLACEHOLDER = '$KRS_API_TOKEN'

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`
const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
const kebab = (name: string): string => name.replace(/_/g, '-')

export function curlSnippet(r: SnippetRequest): string {
  const lines = [
    `curl -sS -X POST ${shellQuote(`${r.baseUrl}/api/v1/${r.name}`)}`,
    `  -H 'Content-Type: application/json'`,
  ]
  if (r.security) lines.push(`  -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}"`)
  lines.push(`  --data ${shellQuote(JSON.stringify(r.body))}`)
  return lines.join(' \\\n')
}

export function sdkSnippet(r: SnippetRequest): string {
  const target = /^https:\/\/krs\.bz\/([^/]+)$/.exec(r.baseUrl)
  const where = target
    ? `environmentId: ${JSON.stringify(decodeURIComponent(target[1]!))}`
    : `baseUrl: ${JSON.stringify(r.baseUrl)}`
  const body = JSON.stringify(r.body, null, 2)
  return [
    "import { createKrsClient } from '@krs-kit/sdk'",
    '',
    `const krs = createKrsClient({ ${where}${r.security ? ', token: process.env.KRS_API_TOKEN' : ''} })`,
    `const result = await krs.${camel(r.name)}(${body === '{}' ? '' : body})`,
    'console.log(result)',
  ].join('\n')
}

export function cliSnippet(r: SnippetRequest): string {
  const target = /^https:\/\/krs\.bz\/([^/]+)$/.exec(r.baseUrl)
  const where = target
    ? `--env-id ${shellQuote(decodeURIComponent(target[1]!))}`
    : `--base-url ${shellQuote(r.baseUrl)}`
  const body = JSON.stringify(r.body)
  const parts = [`krs ${kebab(r.name)}`, where]
  if (body !== '{}') parts.push(`--body ${shellQuote(body)}`)
  return `${r.security ? `export KRS_API_TOKEN=... # トークン\n` : ''}${parts.join(' ')}`
}

const phpString = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/** A JSON value as a PHP literal: objects as keyed arrays, an empty object as `new \stdClass()` (sent as `{}`). */
function phpValue(value: unknown, indent: string): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return phpString(value)
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value)
  const inner = `${indent}    `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((v) => `${inner}${phpValue(v, inner)},`).join('\n')}\n${indent}]`
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return 'new \\stdClass()'
  return `[\n${entries.map(([k, v]) => `${inner}${phpString(k)} => ${phpValue(v, inner)},`).join('\n')}\n${indent}]`
}

/** The same call with the PHP SDK (`krs-kit/sdk`, sdk-php/): its generated camelCase method. */
export function phpSnippet(r: SnippetRequest): string {
  const target = /^https:\/\/krs\.bz\/([^/]+)$/.exec(r.baseUrl)
  const where = target
    ? `'environmentId' => ${phpString(decodeURIComponent(target[1]!))}`
    : `'baseUrl' => ${phpString(r.baseUrl)}`
  const isEmpty =
    typeof r.body === 'object' && r.body !== null && !Array.isArray(r.body) && Object.keys(r.body).length === 0
  return [
    '<?php',
    "require 'vendor/autoload.php'; // composer require krs-kit/sdk guzzlehttp/guzzle",
    '',
    'use KrsKit\\Sdk\\KrsClient;',
    '',
    `$krs = KrsClient::create([${where}]);${r.security ? ' // トークンは環境変数 KRS_API_TOKEN から' : ''}`,
    `$result = $krs->${camel(r.name)}(${isEmpty ? '' : phpValue(r.body, '')});`,
    'var_dump($result);',
  ].join('\n')
}

export const snippetKinds = [
  { id: 'curl', label: 'curl', make: curlSnippet },
  { id: 'sdk', label: 'TypeScript SDK', make: sdkSnippet },
  { id: 'cli', label: 'krs CLI', make: cliSnippet },
  { id: 'php', label: 'PHP SDK', make: phpSnippet },
] as const
