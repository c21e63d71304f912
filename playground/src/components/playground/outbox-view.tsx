import type React from 'react'

/** `/__mock/outbox`'s answer (the contract's Outbox of spec/admin.openapi.yaml). */
export interface Outbox {
  delivery_id: number
  kind: string
  phase: number
  total: number
  offset: number
  mails: {
    member_id: number
    to: string
    status: string
    error_code: string | null
    headers: Record<string, string>
    text: string | null
    html: string | null
  }[]
}

const kindNames: Record<string, string> = { normal: '通常配信', test: 'テスト配信', agent: 'エージェント配信' }
const statusNames: Record<string, string> = { handed_over: '受け渡し済み', ready: '受け渡し待ち' }

/** A delivery's mails as a list: address, state, subject, and each part under its own disclosure. */
export default function OutboxView({ outbox }: { outbox: Outbox }): React.JSX.Element {
  return (
    <section data-testid="outbox" aria-label="送信箱">
      <p>
        配信 {outbox.delivery_id}（{kindNames[outbox.kind] ?? outbox.kind}、フェーズ {outbox.phase}）: 宛先{' '}
        {outbox.total} 件
        {outbox.mails.length < outbox.total ? `のうち ${outbox.offset + 1} 件目から ${outbox.mails.length} 件` : ''}
      </p>
      {outbox.mails.length === 0 ? (
        <p className="krs-pg-muted">まだメールはありません（受け渡しはフェーズ 2 から始まります）。</p>
      ) : (
        <ol className="krs-pg-outbox">
          {outbox.mails.map((m) => (
            <li key={m.member_id} data-member={m.member_id}>
              <strong>{m.headers.Subject ?? '（件名なし）'}</strong>
              <br />
              宛先 <code>{m.to}</code>（会員 {m.member_id}）・{statusNames[m.status] ?? m.status}
              {m.error_code ? `・配信エラー ${m.error_code}` : ''}
              <details>
                <summary>ヘッダー</summary>
                <dl>
                  {Object.entries(m.headers).map(([k, v]) => (
                    <div key={k}>
                      <dt>{k}</dt>
                      <dd>{v}</dd>
                    </div>
                  ))}
                </dl>
              </details>
              {m.text !== null ? (
                <details>
                  <summary>テキストパート</summary>
                  <pre>{m.text}</pre>
                </details>
              ) : null}
              {m.html !== null ? (
                <details>
                  <summary>HTML パート（ソース）</summary>
                  <pre>{m.html}</pre>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
