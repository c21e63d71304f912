import { maskToken } from '../config/mask-token.js'

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}

/** The request as a curl command line, token masked (`--dry-run`). */
export function curlCommand(url: string, token: string | undefined, body: unknown): string {
  const lines = [`curl -sS -X POST ${shellQuote(url)}`]
  if (token) lines.push(`-H ${shellQuote(`Authorization: Bearer ${maskToken(token)}`)}`)
  lines.push(`-H ${shellQuote('Content-Type: application/json')}`)
  lines.push(`--data-raw ${shellQuote(JSON.stringify(body))}`)
  return `${lines.join(' \\\n  ')}\n`
}
