import React, { Suspense, useEffect, useMemo, useState } from 'react'
import Heading from '@theme/Heading'
import Link from '@docusaurus/Link'
import { useLocation } from '@docusaurus/router'
import data from '@site/.generated/operations.json'
import OperationList from './operation-list'
import OperationDetails from './operation-details'
import TargetPicker, { REMEMBER_KEY, type TargetSettings } from './target-picker'
import ResponseView from './response-view'
import EmulatorPanel from './emulator-panel'
import FormBoundary from './form-boundary'
import { addHistory, readHistory, type HistoryEntry } from './history'
import { loadRegistry, loadRuntime, RUNTIME_BASE, type BodyIssue, type PlaygroundRegistry, type PlaygroundRuntime } from './runtime-loader'
import { sendRequest, targetBaseUrl, type CallResult, type Target } from './send-request'
import { bodyFromSearch, shareUrl } from './share-url'
import { snippetKinds } from './snippets'

const SchemaForm = React.lazy(() => import('./schema-form'))

const LOCAL_MOCK_URL = 'http://127.0.0.1:4010'

const defaultTarget: TargetSettings = {
  kind: 'emulator',
  emulatorToken: 'krs-all',
  localUrl: LOCAL_MOCK_URL,
  localToken: 'krs-all',
  environmentId: '',
  realToken: '',
  remember: false,
}

function toTarget(s: TargetSettings): Target {
  switch (s.kind) {
    case 'emulator': return { kind: 'emulator', token: s.emulatorToken }
    case 'local': return { kind: 'local', baseUrl: s.localUrl, token: s.localToken }
    case 'real': return { kind: 'real', environmentId: s.environmentId, token: s.realToken }
  }
}

/** The try-it-out page: list, details, form + JSON editor, send, response, snippets, history, emulator. */
export default function PlaygroundApp({ name }: { name: string | null }): React.JSX.Element {
  const summary = name ? data.operations.find((o) => o.name === name) : undefined
  const [registry, setRegistry] = useState<PlaygroundRegistry | null>(null)
  const [runtime, setRuntime] = useState<PlaygroundRuntime | null>(null)
  const [emulatorReady, setEmulatorReady] = useState(false)
  const [loadError, setLoadError] = useState('')
  const [bodyText, setBodyTextState] = useState('{}')
  // The generated form is remounted when the body changes from outside it (editor, example,
  // shared URL), so that it shows exactly the editor's value; its own edits keep it mounted.
  const [formRevision, setFormRevision] = useState(0)
  const setBodyText = (text: string): void => {
    setBodyTextState(text)
    setFormRevision((n) => n + 1)
  }
  const [target, setTarget] = useState<TargetSettings>(defaultTarget)
  const [result, setResult] = useState<CallResult | null>(null)
  const [sending, setSending] = useState(false)
  const [history, setHistory] = useState<HistoryEntry[]>([])
  const [snippet, setSnippet] = useState<string>('curl')
  const [revision, setRevision] = useState(0)
  const [copied, setCopied] = useState('')

  useEffect(() => {
    let alive = true
    setHistory(readHistory())
    try {
      const saved = localStorage.getItem(REMEMBER_KEY)
      if (saved) {
        const v = JSON.parse(saved) as { environmentId: string; realToken: string }
        setTarget((t) => ({ ...t, environmentId: v.environmentId, realToken: v.realToken, remember: true }))
      }
    } catch {
      // no storage
    }
    Promise.all([loadRegistry(), loadRuntime()])
      .then(async ([reg, rt]) => {
        if (!alive) return
        setRegistry(reg)
        setRuntime(rt)
        await rt.startEmulator({ origin: window.location.origin, workerUrl: '/mockServiceWorker.js', zipUrl: `${RUNTIME_BASE}/zip-dictionary.txt` })
        if (alive) setEmulatorReady(true)
      })
      .catch((e: unknown) => alive && setLoadError(String(e)))
    return () => {
      alive = false
    }
  }, [])

  // A new operation: the body of a shared address, or an empty object.
  const location = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `name` is the trigger (a new operation resets the body)
  useEffect(() => {
    setBodyTextState(bodyFromSearch(location.search) ?? '{}')
    setFormRevision((n) => n + 1)
    setResult(null)
  }, [name, location.search])

  // "remember": the real environment id and token in localStorage, only when ticked.
  useEffect(() => {
    try {
      if (target.remember) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ environmentId: target.environmentId, realToken: target.realToken }))
      else localStorage.removeItem(REMEMBER_KEY)
    } catch {
      // no storage
    }
  }, [target.remember, target.environmentId, target.realToken])

  const op = registry && name ? registry.operations.find((o) => o.name === name) : undefined
  const parsed = useMemo(() => (runtime ? runtime.parseBodyText(bodyText) : null), [runtime, bodyText])
  const issues: BodyIssue[] = useMemo(() => {
    if (!runtime || !op || !parsed) return []
    if (!parsed.ok) return [{ path: '', message: parsed.message }]
    return runtime.validateBody(op.requestSchema, parsed.value)
  }, [runtime, op, parsed])

  const origin = typeof window === 'undefined' ? '' : window.location.origin
  // The in-browser emulator cannot be reached from a terminal: its snippets target the same
  // emulator run by `krs mock` on its default address.
  const snippetBaseUrl = target.kind === 'emulator' ? LOCAL_MOCK_URL : targetBaseUrl(toTarget(target), origin)
  const bodyValue = parsed?.ok ? parsed.value : {}

  const fillExample = async (): Promise<void> => {
    if (!runtime || !op) return
    let now = Math.floor(Date.now() / 1000)
    try {
      now = ((await (await fetch('/__mock/clock')).json()) as { now: number }).now
    } catch {
      // the emulator is not running: the wall clock
    }
    const seed = (history.length + 1) * 7919 + now % 1000
    const v = runtime.exampleBody(op.requestSchema, { seed, now, accept: (b) => runtime.validateBody(op.requestSchema, b).length === 0 })
    setBodyText(JSON.stringify(v, null, 2))
  }

  const send = async (): Promise<void> => {
    if (!op) return
    setSending(true)
    const t = toTarget(target)
    const r = await sendRequest(t, origin, op.name, bodyText, op.security)
    setResult(r)
    setSending(false)
    setRevision((n) => n + 1)
    setHistory(addHistory({ at: new Date().toISOString(), name: op.name, body: bodyText, target: t.kind, status: r.status, ms: r.ms, errorCode: r.errorCode }))
  }

  const copyShare = async (): Promise<void> => {
    if (!op) return
    const url = shareUrl(origin, op.name, bodyValue)
    window.history.replaceState(null, '', url)
    try {
      await navigator.clipboard.writeText(url)
      setCopied('共有 URL をコピーしました（トークンは含みません）')
    } catch {
      setCopied('アドレスバーの URL を共有できます（トークンは含みません）')
    }
  }

  const kind = snippetKinds.find((k) => k.id === snippet) ?? snippetKinds[0]
  return (
    <div className="krs-pg">
      <aside className="krs-pg-side">
        <OperationList current={name} />
      </aside>
      <div className="krs-pg-main">
        <Heading as="h1">{name ? <code data-testid="operation-name">{name}</code> : 'プレイグラウンド'}</Heading>
        {summary ? <p className="krs-pg-summary">{summary.summary}</p> : null}
        {!name ? (
          <p>
            ブラウザの中で動くエミュレータ（既定のシナリオ）に対して、KREISEL JSON API の {data.operations.length} 個の API を試せるページです。サーバーもアカウントも要りません。左の一覧から
            API を選んでください。ローカルの <code>krs mock</code> や本番の環境にも送れます。
          </p>
        ) : null}
        {loadError ? <p className="krs-pg-ng">プレイグラウンドを読み込めませんでした: {loadError}</p> : null}
        {name && !summary ? <p className="krs-pg-ng">API「{name}」はありません。</p> : null}
        {op && registry ? (
          <>
            <OperationDetails op={op} registry={registry} />
            <div className="krs-pg-columns">
              <section className="krs-pg-box">
                <h3>リクエスト</h3>
                <div className="krs-pg-row">
                  <button type="button" className="button button--sm button--secondary" onClick={() => void fillExample()} data-testid="fill-example">
                    例を入れる
                  </button>
                  <button type="button" className="button button--sm button--secondary" onClick={() => setBodyText('{}')}>
                    空にする
                  </button>
                  <button type="button" className="button button--sm button--secondary" onClick={() => void copyShare()} data-testid="share">
                    共有 URL
                  </button>
                </div>
                {copied ? <p className="krs-pg-muted">{copied}</p> : null}
                <label htmlFor="krs-pg-editor">JSON エディタ</label>
                <textarea
                  id="krs-pg-editor"
                  className="krs-pg-editor"
                  spellCheck={false}
                  value={bodyText}
                  onChange={(e) => setBodyText(e.target.value)}
                  data-testid="body-editor"
                  aria-invalid={issues.length > 0}
                />
                {issues.length > 0 ? (
                  <ul className="krs-pg-issues" data-testid="body-issues">
                    {issues.map((i) => (
                      <li key={`${i.path} ${i.message}`}>
                        <code>{i.path === '' ? '（ボディ全体）' : i.path}</code>: {i.message}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="krs-pg-ok" data-testid="body-valid">スキーマに合っています</p>
                )}
                <details open>
                  <summary>フォーム（スキーマから生成）</summary>
                  {parsed?.ok ? (
                    <FormBoundary resetKey={op.name}>
                      <Suspense fallback={<p className="krs-pg-muted">フォームを読み込んでいます…</p>}>
                        <SchemaForm key={`${op.name}-${formRevision}`} schema={op.requestSchema} value={bodyValue} onChange={(v) => setBodyTextState(JSON.stringify(v ?? {}, null, 2))} />
                      </Suspense>
                    </FormBoundary>
                  ) : (
                    <p className="krs-pg-muted">JSON が読めるようになるとフォームを表示します。</p>
                  )}
                </details>
              </section>
              <div>
                <TargetPicker value={target} onChange={setTarget} />
                <button type="button" className="button button--primary krs-pg-send" onClick={() => void send()}
                  disabled={sending || (target.kind === 'emulator' && !emulatorReady)} data-testid="send">
                  {sending ? '送信中…' : target.kind === 'emulator' && !emulatorReady ? 'エミュレータを起動中…' : '送信'}
                </button>
                {issues.length > 0 ? <p className="krs-pg-muted">スキーマに合わないボディも送れます（サーバーの検証を確かめられます）。</p> : null}
                {result ? <ResponseView result={result} registry={registry} /> : null}
              </div>
            </div>
            <section className="krs-pg-box" data-testid="snippets">
              <h3>コード例（このリクエストそのもの）</h3>
              <div className="krs-pg-row" role="tablist">
                {snippetKinds.map((k) => (
                  <button key={k.id} type="button" role="tab" aria-selected={k.id === kind.id}
                    className={`button button--sm ${k.id === kind.id ? 'button--primary' : 'button--secondary'}`} onClick={() => setSnippet(k.id)} data-testid={`snippet-${k.id}`}>
                    {k.label}
                  </button>
                ))}
              </div>
              {target.kind === 'emulator' ? (
                <p className="krs-pg-muted">
                  ブラウザ内エミュレータ宛てのコード例は、同じエミュレータを動かす <code>krs mock</code>（{LOCAL_MOCK_URL}、トークン {target.emulatorToken}）に向けています。
                </p>
              ) : null}
              <pre data-testid="snippet-code">{kind.make({ name: op.name, body: bodyValue, baseUrl: snippetBaseUrl, security: op.security })}</pre>
            </section>
          </>
        ) : name && summary && !loadError ? (
          <p className="krs-pg-muted">読み込んでいます…</p>
        ) : null}
        <div className="krs-pg-columns">
          <EmulatorPanel ready={emulatorReady} token={target.emulatorToken} revision={revision} />
          <section className="krs-pg-box" data-testid="history">
            <h3>このセッションの呼び出し</h3>
            {history.length === 0 ? <p className="krs-pg-muted">まだありません。</p> : null}
            <ol className="krs-pg-journal">
              {history.map((h) => (
                <li key={`${h.at} ${h.name} ${h.target}`}>
                  <Link to={`/playground/${h.name}?body=${encodeURIComponent(h.body)}`}>
                    <code>{h.name}</code>
                  </Link>{' '}
                  {h.status}
                  {h.errorCode ? ` ${h.errorCode}` : ''} <small>{h.ms} ms・{h.target}</small>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  )
}
