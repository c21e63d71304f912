import type React from 'react'

/** One catalogue entry as the registry carries it: error_desc (English) and the Japanese description. */
export interface CatalogueEntry {
  name: string
  description: string
}

/** The error catalogue page's entry of a code (its table rows carry the code as their id). */
export const catalogueHref = (code: string): string => `/errors/kreisel-api-exception-codes#${code}`

/** The `message` detail of an error answer (`{ error_code, error_desc, message }`), when it has one. */
export function errorDetailOf(text: string): string | null {
  try {
    const v = JSON.parse(text) as { message?: unknown }
    return typeof v?.message === 'string' && v.message !== '' ? v.message : null
  } catch {
    return null
  }
}

/**
 * An error answer told in Japanese: the code linked to its catalogue entry, the catalogue's
 * description, and the answer's own detail. The answer itself is shown below it unchanged.
 */
export function ErrorExplanation({
  code,
  entry,
  detail,
  testId,
}: {
  code: string
  entry: CatalogueEntry | undefined
  detail: string | null
  testId: string
}): React.JSX.Element {
  return (
    <div className="alert alert--danger krs-pg-error" data-testid={testId}>
      <strong>
        <a href={catalogueHref(code)} data-testid={`${testId}-link`}>
          <code data-testid={`${testId}-code`}>{code}</code>
        </a>{' '}
        {entry ? entry.description : '（カタログにないコードです）'}
      </strong>
      {detail ? (
        <p className="krs-pg-error-detail" data-testid={`${testId}-detail`}>
          詳細: <span lang="en">{detail}</span>
        </p>
      ) : null}
      {entry ? (
        <p className="krs-pg-muted">
          error_desc: <code>{entry.name}</code>
        </p>
      ) : null}
    </div>
  )
}

const ELEMENT_KEY = /^e_(\d+)$/

/** Whether a value is an answer with member fields (`e_4`, …): an object, or a list of them. */
export function memberRows(value: unknown): Record<string, unknown>[] | null {
  const rows = Array.isArray(value) ? value : [value]
  if (rows.length === 0) return null
  const objects = rows.filter(
    (r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r),
  )
  if (objects.length !== rows.length) return null
  return objects.some((o) => Object.keys(o).some((k) => ELEMENT_KEY.test(k))) ? objects : null
}

const show = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v))

/**
 * Member answers with each `e_N` beside its field's name (from the table's elements): one
 * row per field for one member, one column per field for a list (its first 20).
 */
export function MemberAnswer({
  rows,
  names,
}: {
  rows: Record<string, unknown>[]
  names: Record<string, string>
}): React.JSX.Element {
  const head = (k: string): React.JSX.Element => (
    <>
      {names[k] ?? (ELEMENT_KEY.test(k) ? '（不明な項目）' : '')} <code>{k}</code>
    </>
  )
  if (rows.length === 1) {
    const row = rows[0]!
    return (
      <table className="krs-pg-answer-table" data-testid="member-answer">
        <thead>
          <tr>
            <th>項目</th>
            <th>値</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(row).map(([k, v]) => (
            <tr key={k} data-key={k}>
              <th scope="row">{head(k)}</th>
              <td>{show(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )
  }
  const keys = Array.from(new Set(rows.flatMap((r) => Object.keys(r))))
  return (
    <div className="krs-pg-scroll">
      <table className="krs-pg-answer-table" data-testid="member-answer">
        <thead>
          <tr>
            {keys.map((k) => (
              <th key={k} data-key={k}>
                {head(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 20).map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of an answer have no id of their own
            <tr key={i}>
              {keys.map((k) => (
                <td key={k}>{show(r[k])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > 20 ? <p className="krs-pg-muted">ほかに {rows.length - 20} 件（本文を見てください）。</p> : null}
    </div>
  )
}
