/**
 * Text safe for the docs site's MDX: code spans are kept as they are; elsewhere `{ } < >`
 * are escaped, and `|` in table cells.
 */
export function mdText(s: string, inTable = false): string {
  return s
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
