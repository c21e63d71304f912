import type React from 'react'
import { useRef } from 'react'
import CopyButton from './copy-button'
import type { SnippetRequest } from './snippets'

interface Kind {
  id: string
  label: string
  make: (r: SnippetRequest) => string
}

/**
 * The code examples as tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys and Home/End
 * move between tabs, the selected tab controls its panel, each panel has a copy button.
 */
export default function SnippetTabs({
  kinds,
  selected,
  onSelect,
  request,
}: {
  kinds: readonly Kind[]
  selected: string
  onSelect: (id: string) => void
  request: SnippetRequest
}): React.JSX.Element {
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const current = kinds.find((k) => k.id === selected) ?? kinds[0]!
  const code = current.make(request)
  const move = (index: number): void => {
    const n = (index + kinds.length) % kinds.length
    onSelect(kinds[n]!.id)
    tabs.current[n]?.focus()
  }
  const onKeyDown = (e: React.KeyboardEvent, i: number): void => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: kinds.length - 1 }[e.key]
    if (to === undefined) return
    e.preventDefault()
    move(to)
  }
  return (
    <div>
      <div className="krs-pg-row" role="tablist" aria-label="コード例の言語">
        {kinds.map((k, i) => (
          <button
            key={k.id}
            ref={(el) => {
              tabs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`krs-pg-tab-${k.id}`}
            aria-selected={k.id === current.id}
            aria-controls="krs-pg-snippet-panel"
            tabIndex={k.id === current.id ? 0 : -1}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`button button--sm ${k.id === current.id ? 'button--primary' : 'button--secondary'}`}
            onClick={() => onSelect(k.id)}
            data-testid={`snippet-${k.id}`}
          >
            {k.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="krs-pg-snippet-panel"
        aria-labelledby={`krs-pg-tab-${current.id}`}
        className="krs-pg-snippet"
      >
        <CopyButton text={code} testId="copy-snippet" />
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
        <pre data-testid="snippet-code" tabIndex={0}>
          {code}
        </pre>
      </div>
    </div>
  )
}
