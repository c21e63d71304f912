import type React from 'react'
import type { CallResult } from './send-request'
import CopyButton from './copy-button'
import type { PlaygroundRegistry } from './runtime-loader'
import {
  ErrorExplanation,
  errorDetailOf,
  errorItems,
  FORM_VALUES_ERROR,
  ItemErrors,
  MemberAnswer,
  memberRows,
  ValidationAnswer,
  validationItems,
} from './answer-view'

/** The emulator answers in Japanese when asked (Accept-Language: ja); other servers may not. */
const JAPANESE_TEXT = /[\u3040-\u30ff\u4e00-\u9fff]/

/** Pretty-prints a JSON body; other text unchanged. Always rendered as text, never as HTML. */
export function displayText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** The answer's JSON, or undefined when it is not JSON. */
function parsedAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export default function ResponseView({
  operation,
  result,
  registry,
  fieldNames,
  body,
}: {
  /** The operation the answer is of (a validation answer lists errors in a 200). */
  operation: string
  result: CallResult
  registry: PlaygroundRegistry | null
  /**
   * Names of the answer's `e_N` keys, once read from the target: the member table's fields
   * (`e_6` → 氏名), or a form's items (`e_91` → メールアドレス) when the request names a form.
   */
  fieldNames?: Record<string, string> | null
  /** The request's body as sent (validate_member_form_parameter's answer is about the item it names). */
  body?: unknown
}): React.JSX.Element {
  const explained = result.errorCode ? registry?.errors[result.errorCode] : undefined
  const answer = result.status === 200 ? parsedAnswer(result.text) : undefined
  const rows = result.status === 200 ? memberRows(answer) : null
  const validation = result.status === 200 ? validationItems(operation, answer, body) : null
  const refusedItems = result.errorCode ? errorItems(result.text) : null
  const detailText = result.errorCode && !refusedItems ? errorDetailOf(result.text) : undefined
  return (
    <section className="krs-pg-box" data-testid="response" aria-label="レスポンス">
      <h3 className="krs-pg-h">
        レスポンス{' '}
        <span
          data-testid="response-status"
          className={result.status >= 200 && result.status < 300 ? 'krs-pg-ok' : 'krs-pg-ng'}
        >
          {result.status === 0 ? '送信失敗' : `${result.status} ${result.statusText}`}
        </span>{' '}
        <small data-testid="response-time">{result.ms} ms</small>
      </h3>
      {result.failure ? <p className="krs-pg-ng">{result.failure}</p> : null}
      {result.errorCode ? (
        <ErrorExplanation
          code={result.errorCode}
          entry={explained}
          detail={refusedItems ? <ItemErrors items={refusedItems} names={fieldNames} /> : detailText}
          detailLang={refusedItems || JAPANESE_TEXT.test(detailText ?? '') ? 'ja' : 'en'}
          testId="response-error"
        />
      ) : null}
      {validation ? (
        <ValidationAnswer items={validation} entry={registry?.errors[FORM_VALUES_ERROR]} names={fieldNames} />
      ) : null}
      {rows ? (
        fieldNames ? (
          <MemberAnswer rows={rows} names={fieldNames} />
        ) : (
          <p className="krs-pg-muted">項目名を読み込んでいます…</p>
        )
      ) : null}
      <details>
        <summary>ヘッダー（{result.headers.length} 個）</summary>
        <pre data-testid="response-headers">{result.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
      </details>
      <CopyButton text={displayText(result.text)} label="本文をコピー" testId="copy-response" />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the focusable region needs a name for screen readers */}
      <pre data-testid="response-body" className="krs-pg-body" tabIndex={0} aria-label="レスポンスの本文">
        {displayText(result.text)}
      </pre>
    </section>
  )
}
