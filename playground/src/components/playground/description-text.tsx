import type React from 'react'

/** `code` spans of one line of text as React elements (never HTML). */
function inline(text: string): React.ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))
}

/**
 * The contract's Markdown descriptions, in the small subset they use: paragraphs, "- " lists
 * (with indented continuation lines) and `code`. Rendered as elements, so no HTML gets in.
 */
export default function DescriptionText({ text }: { text: string }): React.JSX.Element {
  const blocks = text.trim().split(/\n\s*\n/)
  return (
    <div className="krs-pg-description">
      {blocks.map((block, b) => {
        const lines = block.split('\n')
        if (lines[0]?.startsWith('- ')) {
          const items: string[] = []
          for (const line of lines) {
            if (line.startsWith('- ')) items.push(line.slice(2))
            else if (items.length > 0) items[items.length - 1] += line.trim()
          }
          return (
            <ul key={b}>
              {items.map((item, i) => (
                <li key={i}>{inline(item)}</li>
              ))}
            </ul>
          )
        }
        return <p key={b}>{inline(lines.map((l) => l.trim()).join(''))}</p>
      })}
    </div>
  )
}
