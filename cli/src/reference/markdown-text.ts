/**
 * Text safe for the docs site's MDX: code spans are kept as they are; elsewhere `{ } < >`
 * are escaped, `|` in table cells, and bare URLs become code spans.
 */
export function mdText(s: string, inTable = false): string {
  return s
    .replace(/(`[^`\n]*`)|(https?:\/\/[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]*[A-Za-z0-9/])/g, (m, codeSpan) =>
      // A bare URL: ASCII only, so it ends where Japanese text follows (GFM would otherwise take
      // `http://localhost:3000、または` as one link, which the site cannot parse).
      codeSpan === undefined ? `\`${m}\`` : m,
    )
    .split(/(`[^`\n]*`)/)
    .map((part, i) => {
      if (i % 2 === 1) return inTable ? part.replace(/\|/g, '\\|') : part
      let t = part
        .replace(/\\/g, '\\\\')
        .replace(/[{}]/g, (c) => `\\${c}`)
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
      if (inTable) t = t.replace(/\|/g, '\\|').replace(/\n+/g, ' ')
      return t
    })
    .join('')
}

/** A code span that holds any text (backticks inside get a longer fence). */
export function code(s: string, inTable = false): string {
  const body = inTable ? s.replace(/\|/g, '\\|') : s
  return body.includes('`') ? `\`\` ${body} \`\`` : `\`${body}\``
}
