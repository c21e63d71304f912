import type React from 'react'
import catalogue from '@site/.generated/error-catalogue.json'
import { scopeLabel, sourceLabel } from './error-catalogue-labels'

interface Props {
  /** Only codes with this prefix (e.g. "KR_API_"); all codes when omitted. */
  prefix?: string
}

/** The short form readers also search for and quote: KR_API_F0116 -> F0116 (null when there is none). */
export function shortForm(code: string): string | null {
  const m = /^KR_API_([A-Z][0-9]{4})$/.exec(code)
  return m ? m[1]! : null
}

/**
 * The exception codes, rendered from the contract's x-krs-error-catalogue: one entry per code,
 * its code, error_desc and facts on the first line and its meaning below. Six columns of a table
 * did not fit the docs column at 1280 px (half of them hid behind a sideways scroll), and every
 * error code the playground shows links here.
 */
export default function ErrorCodeTable({ prefix }: Props): React.JSX.Element {
  const rows = catalogue.filter((e) => (prefix ? e.code.startsWith(prefix) : true))
  return (
    <ul className="krs-error-list" data-testid="error-code-table">
      {rows.map((e) => (
        <li key={e.code} id={e.code} className="krs-error-entry">
          <div className="krs-error-head">
            <code className="krs-error-code">{e.code}</code>
            {shortForm(e.code) ? <span className="krs-error-short">（{shortForm(e.code)}）</span> : null}
            <code className="krs-error-desc" title="error_desc">
              {e.name}
            </code>
          </div>
          <p className="krs-error-meaning">{e.description}</p>
          <dl className="krs-error-facts">
            <div>
              <dt>HTTP ステータス</dt>
              <dd>{e.status}</dd>
            </div>
            <div>
              <dt>範囲</dt>
              <dd>{scopeLabel[e.scope] ?? e.scope}</dd>
            </div>
            <div>
              <dt>出典</dt>
              <dd>{sourceLabel[e.source] ?? e.source}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}
