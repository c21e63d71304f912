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

/** The exception-code table, rendered from the contract's x-krs-error-catalogue. */
export default function ErrorCodeTable({ prefix }: Props): React.JSX.Element {
  const rows = catalogue.filter((e) => (prefix ? e.code.startsWith(prefix) : true))
  return (
    <table data-testid="error-code-table">
      <thead>
        <tr>
          <th>コード</th>
          <th>error_desc</th>
          <th>意味</th>
          <th>HTTP ステータス</th>
          <th>範囲</th>
          <th>出典</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((e) => (
          <tr key={e.code} id={e.code}>
            <td>
              <code>{e.code}</code>
              {shortForm(e.code) ? (
                <>
                  <br />
                  <small>（{shortForm(e.code)}）</small>
                </>
              ) : null}
            </td>
            <td>
              <code>{e.name}</code>
            </td>
            <td>{e.description}</td>
            <td>{e.status}</td>
            <td>{scopeLabel[e.scope] ?? e.scope}</td>
            <td>{sourceLabel[e.source] ?? e.source}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
