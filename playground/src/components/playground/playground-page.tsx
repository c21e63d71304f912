import type React from 'react'
import Layout from '@theme/Layout'
import { useLocation } from '@docusaurus/router'
import PlaygroundApp from './playground-app'
import { operationFromPath } from './share-url'
import type { OperationDetailsData } from './runtime-loader'
import './playground.css'

/**
 * /playground and /playground/{api_name} (routes added by the krs-playground-routes plugin, with
 * the operation's details as route data).
 */
export default function PlaygroundPage({ details }: { details?: OperationDetailsData }): React.JSX.Element {
  const name = operationFromPath(useLocation().pathname)
  return (
    <Layout
      title={name ? `${name} — プレイグラウンド` : 'プレイグラウンド'}
      description="KREISEL JSON API の全 API をブラウザで試すためのページ"
    >
      <main className="container container--fluid margin-vert--md">
        <PlaygroundApp name={name} details={details} />
      </main>
    </Layout>
  )
}
