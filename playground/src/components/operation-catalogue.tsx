import type React from 'react'
import Link from '@docusaurus/Link'
import data from '@site/.generated/operations.json'

/** All operations of the bundled contract, grouped by tag, with their Japanese summaries. */
export default function OperationCatalogue(): React.JSX.Element {
  return (
    <div data-testid="operation-catalogue">
      <p>
        契約に含まれる API は <strong data-testid="operation-count">{data.operations.length}</strong> 個です。
      </p>
      {data.tags.map((tag) => {
        const ops = data.operations.filter((op) => op.tag === tag.name)
        if (ops.length === 0) return null
        return (
          <section key={tag.name} id={tag.name}>
            <h2>
              {tag.description} <small>（{tag.name}、{ops.length} 個）</small>
            </h2>
            <ul>
              {ops.map((op) => (
                <li key={op.name} data-operation={op.name}>
                  <Link to={`/api#tag/${tag.name}/operation/${op.name}`}>
                    <code>{op.name}</code>
                  </Link>{' '}
                  — {op.summary}
                  {op.security ? null : <span>（認証不要）</span>}
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
