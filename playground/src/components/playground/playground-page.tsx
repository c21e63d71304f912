import type React from 'react'
import Layout from '@theme/Layout'
import { useLocation } from '@docusaurus/router'
import PlaygroundApp from './playground-app'
import { operationFromPath } from './share-url'
import './playground.css'

/** /playground and /playground/{api_name} (routes added by the krs-playground-routes plugin). */
export default function PlaygroundPage(): React.JSX.Element {
  const name = operationFromPath(useLocation().pathname)
  return (
    <Layout
      title={name ? `${name} — プレイグラウンド` : 'プレイグラウンド'}
      description="KREISEL JSON API の全 API をブラウザで試すためのページ"
    >
      <main className="container container--fluid margin-vert--md">
        <PlaygroundApp name={name} />
      </main>
    </Layout>
  )
}
