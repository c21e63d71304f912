import type React from 'react'
import { memo, useMemo, useState } from 'react'
import { useHistory } from '@docusaurus/router'
import data from '@site/.generated/operations.json'

/**
 * A link to another operation of the playground, navigated in the page (the in-browser tenant
 * keeps its state). Not Docusaurus' Link: that one prefetches the route's chunks for every
 * link that scrolls into view, once per operation the same chunks, which this page has loaded already.
 */
function OperationLink({ name }: { name: string }): React.JSX.Element {
  const history = useHistory()
  const to = `/playground/${name}`
  return (
    <a
      href={to}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.defaultPrevented) return
        e.preventDefault()
        history.push(to)
      }}
    >
      <code>{name}</code>
    </a>
  )
}

/** The operations grouped by tag, filterable by name and Japanese summary. */
function OperationList({ current }: { current: string | null }): React.JSX.Element {
  const [filter, setFilter] = useState('')
  const q = filter.trim().toLowerCase()
  const shown = useMemo(
    () =>
      data.operations.filter(
        (op) => q === '' || op.name.toLowerCase().includes(q) || op.summary.toLowerCase().includes(q),
      ),
    [q],
  )
  return (
    <nav aria-label="API の一覧" data-testid="operation-catalogue" className="krs-pg-list">
      <input
        type="search"
        className="krs-pg-input"
        placeholder="API 名または説明で絞り込む"
        aria-label="API を絞り込む"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        data-testid="operation-filter"
      />
      <p className="krs-pg-muted">
        <span data-testid="operation-count">{data.operations.length}</span> 個中 {shown.length} 個
      </p>
      {data.tags.map((tag) => {
        const ops = shown.filter((op) => op.tag === tag.name)
        if (ops.length === 0) return null
        return (
          <section key={tag.name} id={tag.name}>
            <h3 className="krs-pg-tag">{tag.description}</h3>
            <ul className="krs-pg-ops">
              {ops.map((op) => (
                <li
                  key={op.name}
                  data-operation={op.name}
                  className={op.name === current ? 'krs-pg-current' : undefined}
                >
                  <OperationLink name={op.name} />
                  <br />
                  <small>
                    {op.summary}
                    {op.security ? null : '（認証不要）'}
                  </small>
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </nav>
  )
}

/**
 * Rendered again only when the current operation changes: the page's own state (registry,
 * emulator, history, body) changes several times while it loads, and every operation's link each time was
 * part of the page's script work on a phone (slow phones wait on it before the page responds).
 */
export default memo(OperationList)
