import type React from 'react'
import { useCallback, useEffect, useState } from 'react'
import { type CatalogueEntry, ErrorExplanation } from './answer-view'
import BarChart, { type Bar } from './delivery-chart'
import OutboxView, { type Outbox } from './outbox-view'
import { callPageEmulator } from './send-request'
import { decodeState, encodeState, MAX_STATE_LINK, stateFromHash, stateLink } from './share-state'

const STATE_FILE = 'krs-playground-state.json'

/** The address without a `#state=` fragment (once it was loaded or declined). */
function dropStateFragment(): void {
  if (stateFromHash(window.location.hash) === null) return
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
}

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

async function admin<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const res = await callPageEmulator(
    method,
    `/__mock/${path}`,
    body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  )
  const text = res.text
  if (!res.ok) throw new Error(`${res.status}: ${text}`)
  return JSON.parse(text) as T
}

/** An error answer of the API to a call of the panel: shown with the catalogue's Japanese words. */
class ApiFailure extends Error {
  constructor(
    readonly operation: string,
    readonly code: string | null,
    readonly detail: string | null,
    status: number,
  ) {
    super(`${operation}: ${status}`)
  }
}

async function api<T>(name: string, body: unknown, token: string): Promise<T> {
  const res = await callPageEmulator('POST', `/api/v1/${name}`, {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const text = res.text
  if (!res.ok) {
    let answer: { error_code?: unknown; message?: unknown } = {}
    try {
      answer = JSON.parse(text) as typeof answer
    } catch {
      // not an error body: the status alone
    }
    throw new ApiFailure(
      name,
      typeof answer.error_code === 'string' ? answer.error_code : null,
      typeof answer.message === 'string' ? answer.message : null,
      res.status,
    )
  }
  return JSON.parse(text) as T
}

type PanelMessage = { text: string } | { failure: ApiFailure }

/** A click-count row's label: the tracked URL as it is (the open rate has none). */
export function clickLabel(c: { type: number; url: string | null }, kind: '延べ' | 'ユニーク'): string {
  return `${c.type === 1 ? '開封' : (c.url ?? '（URL なし）')}（${kind}）`
}

/** The in-browser tenant: clock, reset, a delivery's outbox and result chart, the journal. */
export default function EmulatorPanel({
  ready,
  token,
  revision,
  onReset,
  errors,
}: {
  ready: boolean
  token: string
  revision: number
  onReset?: () => void
  /** The error catalogue (from the registry), for the panel's own calls' errors. */
  errors?: Record<string, CatalogueEntry> | undefined
}): React.JSX.Element {
  const [clock, setClock] = useState<Clock | null>(null)
  const [advance, setAdvance] = useState('3600')
  const [deliveryId, setDeliveryId] = useState('')
  const [outbox, setOutbox] = useState<Outbox | null>(null)
  // The delivery whose result is drawn: drawn again when the clock moves or a call is made.
  const [charted, setCharted] = useState<number | null>(null)
  const [counts, setCounts] = useState<Bar[] | null>(null)
  const [clicks, setClicks] = useState<Bar[] | null>(null)
  const [journal, setJournal] = useState<JournalEntry[]>([])
  const [message, setMessage] = useState<PanelMessage | null>(null)
  const fail = useCallback(
    (e: unknown): void =>
      setMessage(e instanceof ApiFailure ? { failure: e } : { text: e instanceof Error ? e.message : String(e) }),
    [],
  )

  const loadResult = useCallback(
    async (delivery: number) => {
      const result = await api<{ count_info: Record<string, number> }>(
        'get_delivery_result',
        { delivery_id: delivery },
        token,
      )
      const cc = await api<{ id: number; url: string | null; type: number; total_num: number; unique_num: number }[]>(
        'get_click_counts_for_delivery',
        { delivery_id: delivery },
        token,
      )
      setCounts(Object.entries(result.count_info).map(([k, v]) => ({ label: countLabels[k] ?? k, value: Number(v) })))
      setClicks(
        cc.flatMap((c) => [
          { label: clickLabel(c, '延べ'), value: c.total_num },
          { label: clickLabel(c, 'ユニーク'), value: c.unique_num },
        ]),
      )
    },
    [token],
  )

  // A shared state (from a #state= link or a file), loaded only when the reader agrees.
  const [offered, setOffered] = useState<{ snapshot: unknown; from: string } | null>(null)
  const [loaded, setLoaded] = useState(false)
  const [shared, setShared] = useState<{ link: string | null; note: string } | null>(null)

  useEffect(() => {
    if (!ready) return
    const encoded = stateFromHash(window.location.hash)
    if (encoded === null) return
    decodeState(encoded).then(
      (snapshot) => setOffered({ snapshot, from: '共有リンク' }),
      (e: unknown) => {
        dropStateFragment()
        fail(e)
      },
    )
  }, [ready, fail])

  const refresh = useCallback(async () => {
    try {
      setClock(await admin<Clock>('GET', 'clock'))
      setJournal((await admin<{ entries: JournalEntry[] }>('GET', 'journal?limit=20')).entries)
      if (charted !== null) await loadResult(charted)
    } catch (e) {
      fail(e)
    }
  }, [charted, loadResult, fail])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the trigger (a call was made: read the clock and journal again)
  useEffect(() => {
    if (ready) void refresh()
  }, [ready, revision, refresh])

  const run = (f: () => Promise<void>) => async () => {
    setMessage(null)
    try {
      await f()
    } catch (e) {
      fail(e)
      return
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
            setCharted(null)
          })}
        >
          リセット
        </button>
      </div>
      <div className="krs-pg-row">
        <button
          type="button"
          className="button button--sm button--secondary"
          disabled={!ready}
          data-testid="share-state"
          onClick={run(async () => {
            const snapshot = await admin<unknown>('GET', 'snapshot')
            const encoded = await encodeState(snapshot)
            const link = stateLink(window.location.href, encoded)
            if (link.length <= MAX_STATE_LINK) {
              const copied = await navigator.clipboard.writeText(link).then(
                () => true,
                () => false,
              )
              setShared({
                link,
                note: copied
                  ? '状態の共有リンクをコピーしました。開いた人は、自分の状態を置き換えるかどうかを選べます。'
                  : '下のリンクを共有できます。開いた人は、自分の状態を置き換えるかどうかを選べます。',
              })
            } else {
              const file = new Blob([JSON.stringify(snapshot)], { type: 'application/json' })
              const a = document.createElement('a')
              a.href = URL.createObjectURL(file)
              a.download = STATE_FILE
              a.click()
              URL.revokeObjectURL(a.href)
              setShared({
                link: null,
                note: `状態がリンクには大きすぎるため（${link.length.toLocaleString('ja-JP')} 文字）、ファイル ${STATE_FILE} に保存しました。「状態ファイルを読み込む」で読み込めます。`,
              })
            }
          })}
        >
          状態を共有
        </button>
        <label className="button button--sm button--secondary">
          状態ファイルを読み込む
          <input
            type="file"
            accept="application/json,.json"
            className="krs-pg-file"
            disabled={!ready}
            data-testid="load-state-file"
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (!file) return
              void file.text().then(
                (text) => {
                  try {
                    setOffered({ snapshot: JSON.parse(text) as unknown, from: `ファイル ${file.name}` })
                  } catch {
                    setMessage({ text: `${file.name} は JSON ではありません。` })
                  }
                },
                (err: unknown) => fail(err),
              )
            }}
          />
        </label>
      </div>
      {shared ? (
        <div role="status" data-testid="share-state-result">
          <p className="krs-pg-muted">{shared.note}</p>
          {shared.link ? (
            <input
              className="krs-pg-input"
              readOnly
              value={shared.link}
              aria-label="状態の共有リンク"
              data-testid="share-state-link"
              onFocus={(e) => e.target.select()}
            />
          ) : null}
        </div>
      ) : null}
      {loaded ? (
        <p className="krs-pg-muted" role="status" data-testid="state-loaded">
          共有された状態を読み込みました。
        </p>
      ) : null}
      {offered ? (
        <div
          className="alert alert--warning"
          role="alertdialog"
          aria-labelledby="krs-pg-offered"
          data-testid="state-offer"
        >
          <p id="krs-pg-offered">
            {offered.from}の状態があります。このブラウザのエミュレータの状態（会員、配信、時計）をそれで置き換えますか？
          </p>
          <div className="krs-pg-row">
            <button
              type="button"
              className="button button--sm button--primary"
              data-testid="state-offer-accept"
              onClick={run(async () => {
                const snapshot = offered.snapshot
                setOffered(null)
                // a state the emulator refuses leaves the link in the address (the error is shown)
                await admin('PUT', 'snapshot', snapshot)
                dropStateFragment()
                setLoaded(true)
                onReset?.()
                setOutbox(null)
                setCounts(null)
                setClicks(null)
              })}
            >
              置き換える
            </button>
            <button
              type="button"
              className="button button--sm button--secondary"
              data-testid="state-offer-decline"
              onClick={() => {
                setOffered(null)
                dropStateFragment()
              }}
            >
              今の状態のままにする
            </button>
          </div>
        </div>
      ) : null}
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
            setOutbox(await admin<Outbox>('GET', `outbox?delivery_id=${id}&limit=5`))
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
            setCharted(null)
            await loadResult(id)
            setCharted(id)
          })}
        >
          配信結果のグラフ
        </button>
      </div>
      {message === null ? null : 'failure' in message && message.failure.code !== null ? (
        <ErrorExplanation
          code={message.failure.code}
          entry={errors?.[message.failure.code]}
          detail={message.failure.detail ?? message.failure.message}
          testId="emulator-message"
        />
      ) : (
        <p className="krs-pg-ng" data-testid="emulator-message">
          {'failure' in message ? `${message.failure.message}（エラーコードのない答えです）` : message.text}
        </p>
      )}
      {counts ? <BarChart title="配信結果（種類ごとの件数）" bars={counts} testId="chart-counts" /> : null}
      {clicks ? <BarChart title="クリックカウント" bars={clicks} testId="chart-clicks" /> : null}
      {outbox ? <OutboxView outbox={outbox} /> : null}
      <details open>
        <summary>リクエストの記録（新しい 20 件、時刻は実際の時刻の日本時間）</summary>
        {/* The form's own reads of the target (its databases and fields) fill the record at once:
            a scrolling list, reachable by keyboard. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
        <ol className="krs-pg-journal" data-testid="journal" tabIndex={0} aria-label="リクエストの記録">
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
