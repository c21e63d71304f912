import { useEffect, useState } from 'react'
import type { MemberPage } from '../../server/app-api'
import { useApi } from '../api'

const PAGE = 50

export function MemberList() {
  const get = useApi()
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<MemberPage | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    setError(null)
    get<MemberPage>(`/app-api/members?offset=${offset}`).then(
      (p) => live && setPage(p),
      (e: Error) => live && setError(e.message),
    )
    return () => {
      live = false
    }
  }, [get, offset])

  if (error) return <p role="alert">会員一覧を読み込めませんでした: {error}</p>
  if (!page) return <p>読み込み中…</p>
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">会員一覧</h2>
      <p data-testid="member-total">全 {page.total} 件</p>
      <table>
        <thead>
          <tr>
            <th>会員ID</th>
            <th>氏名</th>
            <th>メールアドレス</th>
          </tr>
        </thead>
        <tbody>
          {page.members.map((m) => (
            <tr key={m.id}>
              <td>{m.id}</td>
              <td>{m.name}</td>
              <td>{m.email}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav aria-label="ページ">
        <button type="button" disabled={offset === 0} onClick={() => setOffset(offset - PAGE)}>
          前へ
        </button>
        <button type="button" disabled={offset + PAGE >= page.total} onClick={() => setOffset(offset + PAGE)}>
          次へ
        </button>
      </nav>
    </section>
  )
}
