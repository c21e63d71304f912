import type React from 'react'
import meta from '@site/.generated/contract-meta.json'

/** One line naming the contract the generated tables came from. */
export default function ContractSummary(): React.JSX.Element {
  return (
    <p data-testid="contract-summary">
      この表は契約（OpenAPI「{meta.title}」バージョン {meta.version}、{meta.operationCount} 個の API、
      {meta.errorCount} 個のエラーコード）の <code>x-krs-error-catalogue</code> からビルド時に生成しています。
    </p>
  )
}
