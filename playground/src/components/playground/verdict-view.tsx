import type React from 'react'
import type { VerdictDifference } from './runtime-loader'

/** What a JSON value looks like in a line of the verdict (cut when long). */
function shown(v: unknown): string {
  if (v === undefined) return '（なし）'
  const text = JSON.stringify(v)
  return text.length > 80 ? `${text.slice(0, 79)}…` : text
}

/** One difference in Japanese: where (JSON pointer) and what the contract says. */
export function describeDifference(d: VerdictDifference): string {
  if (d.kind === 'error-code')
    return `この API の契約にないエラーコード ${shown(d.actual)} です（契約のコード: ${(d.expected as string[]).join('、')}）`
  const rule = typeof d.expected === 'string' ? d.expected.split(':')[0] : ''
  switch (rule) {
    case 'required':
      return '契約にある項目がありません'
    case 'additionalProperties':
      return `契約にない項目があります（値 ${shown(d.actual)}）`
    case 'type':
      return `型が契約と違います（値 ${shown(d.actual)}）`
    case 'enum':
    case 'const':
      return `契約にない値です（値 ${shown(d.actual)}）`
    case 'format':
    case 'pattern':
      return `形式が契約と違います（値 ${shown(d.actual)}）`
    default:
      return `契約のスキーマに合いません（${rule || String(d.expected)}、値 ${shown(d.actual)}）`
  }
}

/**
 * The contract's verdict on an answer of a local krs-mock or the real service: the check of
 * `krs verify`, run in the engine's worker. Null while it is being checked.
 */
export default function VerdictView({ differences }: { differences: VerdictDifference[] | null }): React.JSX.Element {
  return (
    <section className="krs-pg-box" data-testid="verdict" aria-label="契約との照合">
      <h3 className="krs-pg-h">契約との照合</h3>
      {differences === null ? (
        <p className="krs-pg-muted">照合しています…</p>
      ) : differences.length === 0 ? (
        <p className="krs-pg-ok" data-testid="verdict-ok">
          レスポンスは契約（レスポンスのスキーマとエラーコード）に合っています。
        </p>
      ) : (
        <>
          <p className="krs-pg-ng" data-testid="verdict-ng">
            契約と違うところが {differences.length} か所あります（<code>krs verify</code> と同じ照合です）。
          </p>
          <ul data-testid="verdict-differences">
            {differences.map((d) => (
              <li key={`${d.pointer} ${d.kind}`}>
                <code>{d.pointer || '/'}</code> {describeDifference(d)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
