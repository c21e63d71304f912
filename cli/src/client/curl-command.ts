function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}

/**
 * The request as a curl command line (`--dry-run`). The token is written as
 * `$KRS_API_TOKEN` (double-quoted, so the shell fills it in when the command runs) unless
 * `showToken` asks for the value itself.
 */
export function curlCommand(url: string, token: string | undefined, body: unknown, showToken = false): string {
  const lines = [`curl -sS -X POST ${shellQuote(url)}`]
  if (token)
    lines.push(
      showToken ? `-H ${shellQuote(`Authorization: Bearer ${token}`)}` : `-H "Authorization: Bearer $KRS_API_TOKEN"`,
    )
  lines.push(`-H ${shellQuote('Content-Type: application/json')}`)
  lines.push(`--data-raw ${shellQuote(JSON.stringify(body))}`)
  return `${lines.join(' \\\n  ')}\n`
}
