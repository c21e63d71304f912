import type React from 'react'
import { useCallback, useEffect, useState } from 'react'
import BarChart, { type Bar } from './delivery-chart'
import { displayText } from './response-view'

interface Clock {
  now: number
  mode: string
  speed: number
}

interface JournalEntry {
  id: number
  operation: string | null
  status: number
  error_code: string | null
  wall_time: string
}

const countLabels: Record<string, string> = {
  all: '配信対象の全件数',
  stopped: '配信停止中',
  no_address: 'アドレスなし',
  error: '配信エラー',
  blacklist: 'ブラックリスト',
  unsubscribed_address: '配信停止アドレス',
  ready: '引き渡し待ち',
  composed: '引き渡し済み',
}

/** `YYYY-MM-DD HH:MM:SS` in Japan time (the service's time zone). */
export function formatJst(unix: number): string {
  return new Date((unix + 9 * 3600) * 1000).toISOString().replace('T', ' ').slice(0, 19)
}

/** An ISO instant of the journal (UTC) in Japan time, like the clock above it. */
export function wallTimeJst(iso: string): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : `${formatJst(Math.floor(ms / 1000))} JST`
}

async function admin<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/__mock/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${res.status}: ${text}`)
  return JSON.parse(text) as T
}

async function api<T>(name: string, body: unknown, token: string): Promise<T> {
  const res = await fetch(`/api/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text}`)
  return JSON.parse(text) as T
}

/** The in-browser tenant: clock, reset, a delivery's outbox and result chart, the journal. */
export default function EmulatorPanel({
  ready,
  token,
  revision,
  onReset,
}: {
  ready: boolean
  token: string
  revision: number
  onReset?: () => void
}): React.JSX.Element {
  const [clock, setClock] = useState<Clock | null>(null)
  const [advance, setAdvance] = useState('3600')
  const [deliveryId, setDeliveryId] = useState('')
  const [outbox, setOutbox] = useState<string | null>(null)
  const [counts, setCounts] = useState<Bar[] | null>(null)
  const [clicks, setClicks] = useState<Bar[] | null>(null)
  const [journal, setJournal] = useState<JournalEntry[]>([])
  const [message, setMessage] = useState('')

  const refresh = useCallback(async () => {
    try {
      setClock(await admin<Clock>('GET', 'clock'))
      setJournal((await admin<{ entries: JournalEntry[] }>('GET', 'journal?limit=20')).entries)
    } catch (e) {
      setMessage((e as Error).message)
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the trigger (a call was made: read the clock and journal again)
  useEffect(() => {
    if (ready) void refresh()
  }, [ready, revision, refresh])

  const run = (f: () => Promise<void>) => async () => {
    setMessage('')
    try {
      await f()
    } catch (e) {
      setMessage((e as Error).message)
    }
    await refresh()
  }

  const id = Number(deliveryId)
  return (
    <section className="krs-pg-box" data-testid="emulator-panel">
      <h2 className="krs-pg-h">エミュレータ</h2>
      {/* always one line (the panel keeps its height when the emulator starts) */}
      <p className="krs-pg-muted" role="status">
        {ready ? 'ブラウザ内のエミュレータが動いています。' : 'エミュレータを起動しています…'}
      </p>
      <p className="krs-pg-muted">
        状態（会員、配信、時計）はこのブラウザに保存され、ページを読み込み直しても、このサイトのほかのタブでも続きます。
        「リセット」で既定のシナリオに戻ります。
      </p>
      <p>
        時計: <strong data-testid="emulator-clock">{clock ? `${formatJst(clock.now)} JST` : '—'}</strong>（日本時間、
        {clock?.mode === 'manual' ? '手動' : '実時間'}）
        {clock ? (
          <span data-testid="emulator-clock-unix" hidden>
            {clock.now}
          </span>
        ) : null}
      </p>
      <div className="krs-pg-row">
        <label>
          進める秒数{' '}
          <input
            className="krs-pg-input krs-pg-short"
            value={advance}
            onChange={(e) => setAdvance(e.target.value)}
            data-testid="clock-seconds"
          />
        </label>
        <button
          type="button"
          className="button button--sm button--secondary"
          disabled={!ready}
          data-testid="clock-advance"
          onClick={run(async () => {
            await admin('POST', 'clock', { advance_seconds: Number(advance) })
          })}
        >
          時計を進める
        </button>
        <button
          type="button"
          className="button button--sm button--danger krs-pg-reset"
          disabled={!ready}
          data-testid="emulator-reset"
          onClick={run(async () => {
            await admin('POST', 'reset', {})
            onReset?.()
            setOutbox(null)
            setCounts(null)
            setClicks(null)
          })}
        >
          リセット
        </button>
      </div>
      <div className="krs-pg-row">
        <label>
          配信ID{' '}
          <input
            className="krs-pg-input krs-pg-short"
            value={deliveryId}
            onChange={(e) => setDeliveryId(e.target.value)}
            data-testid="delivery-id"
          />
        </label>
        <button
          type="button"
          className="button button--sm button--secondary"
          disabled={!ready || !(id > 0)}
          data-testid="show-outbox"
          onClick={run(async () => {
            setOutbox(displayText(JSON.stringify(await admin('GET', `outbox?delivery_id=${id}&limit=5`))))
          })}
        >
          送信箱を見る
        </button>
        <button
          type="button"
          className="button button--sm button--secondary"
          disabled={!ready || !(id > 0)}
          data-testid="show-result"
          onClick={run(async () => {
            const result = await api<{ count_info: Record<string, number> }>(
              'get_delivery_result',
              { delivery_id: id },
              token,
            )
            setCounts(
              Object.entries(result.count_info).map(([k, v]) => ({ label: countLabels[k] ?? k, value: Number(v) })),
            )
            const cc = await api<
              { id: number; url: string | null; type: number; total_num: number; unique_num: number }[]
            >('get_click_counts_for_delivery', { delivery_id: id }, token)
            setClicks(
              cc.flatMap((c) => [
                { label: `${c.type === 1 ? '開封' : (c.url ?? '').slice(0, 24)}（延べ）`, value: c.total_num },
                { label: `${c.type === 1 ? '開封' : (c.url ?? '').slice(0, 24)}（ユニーク）`, value: c.unique_num },
              ]),
            )
          })}
        >
          配信結果のグラフ
        </button>
      </div>
      {message ? (
        <p className="krs-pg-ng" data-testid="emulator-message">
          {message}
        </p>
      ) : null}
      {counts ? <BarChart title="配信結果（種類ごとの件数）" bars={counts} testId="chart-counts" /> : null}
      {clicks ? <BarChart title="クリックカウント" bars={clicks} testId="chart-clicks" /> : null}
      {outbox ? (
        <pre className="krs-pg-body" data-testid="outbox">
          {outbox}
        </pre>
      ) : null}
      <details open>
        <summary>リクエストの記録（新しい 20 件、時刻は実際の時刻の日本時間）</summary>
        <ol className="krs-pg-journal" data-testid="journal">
          {journal.map((e) => (
            <li key={e.id}>
              <code>{e.operation ?? '-'}</code> {e.status}
              {e.error_code ? ` ${e.error_code}` : ''} <small>{wallTimeJst(e.wall_time)}</small>
            </li>
          ))}
        </ol>
      </details>
    </section>
  )
}
