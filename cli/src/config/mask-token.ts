/** `abcd…wxyz (40 chars)`: enough to tell tokens apart, never the token itself. */
export function maskToken(token: string): string {
  if (token.length < 12) return `****`
  return `${token.slice(0, 4)}…${token.slice(-4)}`
}
