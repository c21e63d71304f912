import React from 'react'
import Layout from '@theme/Layout'
import Heading from '@theme/Heading'
import OperationCatalogue from '@site/src/components/operation-catalogue'

/** /playground: for now the list of operations; the in-browser try-it-out arrives here. */
export default function PlaygroundPage(): React.JSX.Element {
  return (
    <Layout title="プレイグラウンド" description="KREISEL JSON API の全 API をブラウザで試すためのページ">
      <main className="container margin-vert--lg">
        <Heading as="h1">プレイグラウンド</Heading>
        <p>
          ブラウザの中で動くエミュレータに対して、各 API を呼び出して試せるページです。リクエストを送る画面は準備中です。
          下の一覧から API を選ぶと、API リファレンスの該当箇所を開きます。
        </p>
        <OperationCatalogue />
      </main>
    </Layout>
  )
}
