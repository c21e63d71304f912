import React from 'react'
import catalogue from '@site/.generated/error-catalogue.json'
import { statusMeaning } from './error-catalogue-labels'

/** HTTP statuses used by krs-kit, each with the catalogue codes answered with it. */
export default function HttpStatusTable(): React.JSX.Element {
  const byStatus = new Map<number, string[]>()
  for (const e of catalogue) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e.code])
  // Array.from, not spread: the site's Babel build spreads only arrays (loose mode), and a
  // spread Map iterator rendered "[object Map Iterator]" in the browser (hydration error).
  const statuses = [200, ...Array.from(byStatus.keys()).sort((a, b) => a - b)]
  return (
    <table data-testid="http-status-table">
      <thead>
        <tr>
          <th>ステータス</th>
          <th>意味</th>
          <th>このステータスで返るエラーコード</th>
        </tr>
      </thead>
      <tbody>
        {statuses.map((status) => (
          <tr key={status} id={`status-${status}`}>
            <td>{status}</td>
            <td>{statusMeaning[status] ?? '—'}</td>
            <td>
              {(byStatus.get(status) ?? []).map((code, i) => (
                <React.Fragment key={code}>
                  {i > 0 ? '、' : ''}
                  <a href={`/errors/kreisel-api-exception-codes#${code}`}>
                    <code>{code}</code>
                  </a>
                </React.Fragment>
              ))}
              {status === 200 ? '—' : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
