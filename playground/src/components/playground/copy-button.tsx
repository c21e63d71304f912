import type React from 'react'
import { useState } from 'react'

/** Copies `text` to the clipboard; says so in a live region. */
export default function CopyButton({
  text,
  label = 'コピー',
  testId,
}: {
  text: string
  label?: string
  testId?: string
}): React.JSX.Element {
  const [done, setDone] = useState('')
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text)
      setDone('コピーしました')
    } catch {
      setDone('コピーできませんでした（ブラウザが許可していません）')
    }
    window.setTimeout(() => setDone(''), 3000)
  }
  return (
    <span className="krs-pg-copy">
      <button
        type="button"
        className="button button--sm button--outline button--secondary"
        onClick={() => void copy()}
        data-testid={testId}
      >
        {label}
      </button>
      <span role="status" className="krs-pg-muted">
        {done}
      </span>
    </span>
  )
}
