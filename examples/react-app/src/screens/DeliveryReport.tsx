import { type FormEvent, useState } from 'react'
import type { DeliveryReport as Report } from '../../server/app-api'
import { useApi } from '../api'

const LABELS: [key: string, label: string][] = [
  ['all', '配信対象'],
  ['real', '実配信'],
  ['valid', '配信成功'],
  ['error', 'エラー'],
  ['stopped', '配信停止'],
]

export function DeliveryReport() {
  const get = useApi()
  const [id, setId] = useState('1')
  const [report, setReport] = useState<Report | null>(null)
  const [error, setError] = useState<string | null>(null)

  const load = (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    setReport(null)
    get<Report>(`/app-api/deliveries/${encodeURIComponent(id)}`).then(setReport, (err: Error) => setError(err.message))
  }

  return (
    <section aria-labelledby="report-title">
      <h2 id="report-title">配信レポート</h2>
      <form onSubmit={load}>
        <label>
          配信ID <input value={id} inputMode="numeric" onChange={(e) => setId(e.target.value)} />
        </label>
        <button type="submit">表示</button>
      </form>
      {error && <p role="alert">レポートを読み込めませんでした: {error}</p>}
      {report && (
        <article aria-label="レポート">
          <h3>{report.title}</h3>
          <p>件名: {report.subject}</p>
          <p data-testid="delivery-status">{report.status}</p>
          <dl>
            {LABELS.map(([key, label]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd data-testid={`count-${key}`}>{report.counts[key] ?? 0}</dd>
              </div>
            ))}
          </dl>
        </article>
      )}
    </section>
  )
}
