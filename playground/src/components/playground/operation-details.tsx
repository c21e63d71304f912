import type React from 'react'
import DescriptionText from './description-text'
import { optionLabels, rightLabels } from './labels'
import type { OperationDetailsData } from './runtime-loader'

/**
 * Description, rights, option and error codes of one operation (route data of its page, so in
 * the page's HTML).
 */
export default function OperationDetails({ op, errors }: OperationDetailsData): React.JSX.Element {
  return (
    <section data-testid="operation-details">
      <DescriptionText text={op.description} />
      <dl className="krs-pg-facts">
        <dt>必要な権限</dt>
        <dd data-testid="operation-rights">
          {op.rights.length === 0
            ? '認証情報があれば呼び出せます'
            : op.rights.map((r) => rightLabels[r] ?? r).join('、')}
        </dd>
        <dt>必要なオプション</dt>
        <dd data-testid="operation-option">{op.option ? (optionLabels[op.option] ?? op.option) : 'なし'}</dd>
        <dt>認証</dt>
        <dd>{op.security ? 'Bearer トークンが必要' : '不要'}</dd>
      </dl>
      <details>
        <summary>返しうるエラーコード（{op.errors.length} 個）</summary>
        <table className="krs-pg-errors" data-testid="operation-errors">
          <thead>
            <tr>
              <th>コード</th>
              <th>HTTP</th>
              <th>名前</th>
              <th>説明</th>
            </tr>
          </thead>
          <tbody>
            {op.errors.map((code) => {
              const e = errors[code]
              return (
                <tr key={code}>
                  <td>
                    <code>{code}</code>
                  </td>
                  <td>{e?.status ?? ''}</td>
                  <td>{e?.name ?? ''}</td>
                  <td>{e?.description ?? ''}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </details>
    </section>
  )
}
