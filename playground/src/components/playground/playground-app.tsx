import React, { Suspense, startTransition, useEffect, useMemo, useRef, useState } from 'react'
import Heading from '@theme/Heading'
import Link from '@docusaurus/Link'
import { useLocation } from '@docusaurus/router'
import data from '@site/.generated/operations.json'
import OperationList from './operation-list'
import OperationDetails from './operation-details'
import TargetPicker, { REMEMBER_KEY, type SiteServer, type TargetSettings } from './target-picker'
import ResponseView from './response-view'
import { answerNamesItems } from './answer-view'
import { formChangeApplies } from './form-change'
import VerdictView from './verdict-view'
import EmulatorPanel from './emulator-panel'
import FormBoundary from './form-boundary'
import { addHistory, clearHistory, HISTORY_KEY, readHistory, type HistoryEntry } from './history'
import { clearRecords, recordOf, saveRecord } from './request-record'
import {
  loadRegistry,
  loadRuntime,
  ZIP_URL,
  type BodyIssue,
  type OperationDetailsData,
  type PlaygroundRegistry,
  type PlaygroundRuntime,
  type VerdictDifference,
} from './runtime-loader'
import {
  callPageEmulator,
  sendRequest,
  targetBaseUrl,
  targetProblem,
  type CallResult,
  type Target,
} from './send-request'
import { bodyFromSearch, shareUrl } from './share-url'
import { whenReaderEngages } from './engagement'
import { snippetKinds } from './snippets'
import { shownIssues } from './shown-issues'
import {
  forgetSessionIds,
  forgetTargetData,
  idsFromAnswer,
  itemNames,
  knownIds,
  memberElements,
  rememberSessionIds,
  sampleMemberInfo,
  sessionIds,
  type KnownIds,
} from './target-data'
import SnippetTabs from './snippet-tabs'

// Named: its chunks carry V8's compile hint (plugins/lean-main-bundle/compile-hints.ts).
const loadSchemaForm = () => import(/* webpackChunkName: "playground-form" */ './schema-form')
/** The form when its chunk failed to load: renders through Suspense and throws to FormBoundary. */
const LazySchemaForm = React.lazy(loadSchemaForm)
type SchemaFormComponent = Awaited<ReturnType<typeof loadSchemaForm>>['default']
/** How long after the runtime arrives the form comes when the reader has not touched the page yet. */
const FORM_IDLE_AFTER_MS = 2000
/** The first seconds of this page load are over (the reader used the page, or it went idle): a form comes at once. */
let firstSecondsOver = false

const LOCAL_MOCK_URL = 'http://127.0.0.1:4010'

/** Request keys that name objects of the target (their values must exist there). */
const ID_KEYS = [
  'member_table_id',
  'member_id',
  'condition_id',
  'element_id',
  'mail_message_id',
  'message_id',
  'delivery_id',
  'agent_program_id',
  'form_id',
  'member_form_id',
  'clickcount_id',
  'batch_job_id',
  'stored_file_id',
  'columnset_id',
]

/** Where the operation that creates an id of a key lives (for the example's note). */
const CREATED_BY: Record<string, string> = {
  mail_message_id: 'add_mail_message',
  message_id: 'add_mail_message',
  delivery_id: 'add_delivery_schedule',
  member_id: 'add_member',
  agent_program_id: 'add_agent_program',
  batch_job_id: 'export_members',
  stored_file_id: 'upload_stored_files',
}

/** The id keys a body uses, anywhere in it. */
function idKeysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) idKeysOf(v, out)
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (ID_KEYS.includes(k) && typeof v === 'number') out.add(k)
      else idKeysOf(v, out)
    }
  }
  return out
}

/** What the request box does, shown from the first paint (also while the form loads). */
function RequestIntro(): React.JSX.Element {
  return (
    <p className="krs-pg-intro">
      フォームに入力するか JSON
      エディタにボディを書いて「送信」を押すと、送信先（はじめはこのページの中で動くエミュレータ）が答えます。フォームとエディタは同じボディを示します。同じリクエストのコード例（curl、TypeScript
      SDK、krs CLI、PHP SDK）はページの下にあります。
    </p>
  )
}

const hasMemberInfo = (schema: unknown): boolean => JSON.stringify(schema).includes('"member_info"')

const defaultTarget: TargetSettings = {
  kind: 'emulator',
  emulatorToken: 'krs-all',
  localUrl: LOCAL_MOCK_URL,
  localToken: 'krs-all',
  environmentId: '',
  realToken: '',
  remember: false,
}

function toTarget(s: TargetSettings, site: SiteServer | null = null): Target {
  switch (s.kind) {
    case 'emulator':
      return { kind: 'emulator', token: s.emulatorToken }
    case 'local':
      return { kind: 'local', baseUrl: s.localUrl, token: s.localToken }
    case 'real':
      return site?.proxyTarget
        ? { kind: 'real', environmentId: s.environmentId, token: s.realToken, proxyTarget: site.proxyTarget }
        : { kind: 'real', environmentId: s.environmentId, token: s.realToken }
  }
}

/**
 * What the page's server says of itself: krs-mock names itself and its proxy's target
 * (`--proxy-target`) in the page's Server-Timing header; other hosts say nothing (null).
 */
function readSiteServer(): SiteServer | null {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
  const timing = nav?.serverTiming ?? []
  if (!timing.some((t) => t.name === 'krs-mock')) return null
  const proxy = timing.find((t) => t.name === 'krs-proxy')?.description
  try {
    return { proxyTarget: proxy ? decodeURIComponent(proxy) : null }
  } catch {
    return { proxyTarget: null }
  }
}

/** Enter in a one-line field, or Ctrl/⌘+Enter anywhere in the request: send (never while an IME composes). */
function isSendKey(e: React.KeyboardEvent): boolean {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.keyCode === 229 || e.shiftKey || e.altKey) return false
  if (e.ctrlKey || e.metaKey) return true
  const el = e.target as HTMLElement
  if (el.tagName !== 'INPUT') return false
  const type = (el as HTMLInputElement).type
  return !['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'color', 'range'].includes(type)
}

/**
 * The try-it-out page: list, details, form + JSON editor, send, response, snippets, history,
 * emulator. `inPlace`: inside another page (/api's panel), without the list and with an h2.
 */
export default function PlaygroundApp({
  name,
  details,
  inPlace = false,
}: {
  name: string | null
  details?: OperationDetailsData | undefined
  inPlace?: boolean
}): React.JSX.Element {
  const summary = name ? data.operations.find((o) => o.name === name) : undefined
  const [registry, setRegistry] = useState<PlaygroundRegistry | null>(null)
  const [runtime, setRuntime] = useState<PlaygroundRuntime | null>(null)
  const [emulatorReady, setEmulatorReady] = useState(false)
  const [loadError, setLoadError] = useState('')
  const [bodyText, setBodyTextState] = useState('{}')
  // The generated form is remounted when the body changes from outside it (editor, example,
  // shared URL), so that it shows exactly the editor's value; its own edits keep it mounted.
  const [formRevision, setFormRevision] = useState(0)
  /** The body the form's last change made (formChangeApplies). */
  const lastFromForm = useRef<string | null>(null)
  const setBodyText = (text: string): void => {
    setBodyTextState(text)
    setFormRevision((n) => n + 1)
  }
  // While the reader is in the JSON editor, the editor shows the text the reader has there; a
  // change the form makes meanwhile (the database field picks the first database once the
  // list arrives) goes to the body, and to the editor when the reader leaves it. Written into
  // the editor under the reader's selection, it would drop that selection: the text typed over
  // a select-all would land after the form's body instead of replacing it.
  const [editorHeld, setEditorHeld] = useState<string | null>(null)
  const [target, setTarget] = useState<TargetSettings>(defaultTarget)
  const [site, setSite] = useState<SiteServer | null>(null)
  const [result, setResult] = useState<CallResult | null>(null)
  /** The body `result` answers (the editor may have changed since): what its item names are read for. */
  const [sentBody, setSentBody] = useState<unknown>(null)
  // When the answer shown is the operation's record from an earlier page load: that call's time.
  const [restoredAt, setRestoredAt] = useState<string | null>(null)
  const [fieldNames, setFieldNames] = useState<Record<string, string> | null>(null)
  // The contract's verdict on the answer, for targets other than the in-browser emulator.
  const [verdict, setVerdict] = useState<{ of: CallResult; differences: VerdictDifference[] | null } | null>(null)
  const [sending, setSending] = useState(false)
  const [history, setHistory] = useState<HistoryEntry[]>([])
  const [snippet, setSnippet] = useState<string>('curl')
  const [revision, setRevision] = useState(0)
  const [copied, setCopied] = useState('')
  const [exampleNote, setExampleNote] = useState('')
  const sendButton = useRef<HTMLButtonElement>(null)
  const responseBox = useRef<HTMLDivElement>(null)
  // What the reader did to this operation's body: required fields are reported only after it.
  const [sendTried, setSendTried] = useState(false)
  const [editorEdited, setEditorEdited] = useState(false)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  // The generated form (its code is the page's largest script, and a member's form is taller
  // than the screen) comes on the reader's first touch, key or scroll, or a moment after the
  // runtime when the reader does nothing: the first seconds of the page stay free for reading.
  // Its code is fetched first, so that it renders at once; 送信 is enabled with it, so that the
  // form's arrival never moves the button or the editor under a reader about to use them.
  const [formWanted, setFormWanted] = useState(false)
  // The loaded form component: rendered directly (no loading state after 送信 is enabled).
  const [LoadedForm, setLoadedForm] = useState<SchemaFormComponent | null>(null)
  const SchemaForm = LoadedForm ?? LazySchemaForm
  useEffect(() => {
    if (formWanted) return
    const wait = runtime ? FORM_IDLE_AFTER_MS : 60_000
    // (the list page has no form: an operation chosen there renders this again with a name)
    if (!name) {
      if (firstSecondsOver) return
      return whenReaderEngages(() => {
        firstSecondsOver = true
      }, wait)
    }
    const start = (): void => {
      firstSecondsOver = true
      // (a state set after an unmount is dropped by React)
      loadSchemaForm().then(
        (m) =>
          startTransition(() => {
            setLoadedForm(() => m.default)
            setFormWanted(true)
          }),
        () => startTransition(() => setFormWanted(true)),
      )
    }
    // In /api's panel, opening it was the reader's doing.
    if (firstSecondsOver || inPlace) {
      start()
      return
    }
    return whenReaderEngages(start, wait)
  }, [runtime, formWanted, name, inPlace])

  // Served by krs-mock: its own origin is the local krs mock (the reader's edit is kept), and
  // its proxy reaches the real service.
  useEffect(() => {
    const s = readSiteServer()
    if (s === null) return
    setSite(s)
    setTarget((t) => (t.localUrl === LOCAL_MOCK_URL ? { ...t, localUrl: window.location.origin } : t))
  }, [])
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
    // The emulator runtime loads after the page has painted and loaded, so that it never
    // delays the first view of the page (the registry is loaded by the effect below).
    const fail = (e: unknown): void => {
      if (alive) setLoadError(String(e))
    }
    const start = (): void => {
      if (!alive) return
      loadRuntime()
        .then(async (rt) => {
          if (!alive) return
          // What the runtime and the registry bring (the form, the emulator's panel) renders as a
          // transition: in slices between which the page answers the reader.
          startTransition(() => setRuntime(rt))
          // Another tab changed the emulator's state: this page shows it.
          unsubscribe = rt.onStateChange(() => {
            if (!alive) return
            forgetTargetData()
            setHistory(readHistory())
            setRevision((n) => n + 1)
          })
          await rt.startEmulator({
            origin: window.location.origin,
            workerUrl: '/mockServiceWorker.js',
            zipUrl: ZIP_URL,
          })
          if (alive) startTransition(() => setEmulatorReady(true))
        })
        .catch(fail)
    }
    // a call made in another tab of the site (reads too, which change no saved state)
    const onStorage = (e: StorageEvent): void => {
      if (e.key === HISTORY_KEY || e.key === null) setHistory(readHistory())
    }
    window.addEventListener('storage', onStorage)
    let unsubscribe = (): void => undefined
    const afterPaint = (): void => {
      requestAnimationFrame(() => window.setTimeout(start, 0))
    }
    if (document.readyState === 'complete') afterPaint()
    else window.addEventListener('load', afterPaint, { once: true })
    return () => {
      alive = false
      unsubscribe()
      window.removeEventListener('storage', onStorage)
      window.removeEventListener('load', afterPaint)
    }
  }, [])

  // An operation's page shows its details as soon as the registry (data, no script) arrives.
  // The list page does without it (its list comes with the page): the registry's JSON is
  // fetched and parsed when an operation is chosen, not while the list page loads.
  useEffect(() => {
    if (!name || registry) return
    let current = true
    loadRegistry().then(
      (reg) => current && startTransition(() => setRegistry(reg)),
      (e: unknown) => current && setLoadError(String(e)),
    )
    return () => {
      current = false
    }
  }, [name, registry])

  // A new operation: the body of a shared address, else the operation's last call (its body
  // and answer, kept across page loads), else an empty object.
  const location = useLocation()
  useEffect(() => {
    const shared = bodyFromSearch(location.search)
    const record = shared === null && name ? recordOf(name) : null
    setBodyTextState(shared ?? record?.body ?? '{}')
    setFormRevision((n) => n + 1)
    setResult(record?.result ?? null)
    setSentBody(record?.body ? parsedBody(record.body) : null)
    setRestoredAt(record?.at ?? null)
    setFieldNames(null)
    setExampleNote('')
    setSendTried(false)
    setEditorEdited(false)
    setTouched(new Set())
  }, [name, location.search])

  // "remember": the real environment id and token in localStorage, only when ticked.
  useEffect(() => {
    try {
      if (target.remember)
        localStorage.setItem(
          REMEMBER_KEY,
          JSON.stringify({ environmentId: target.environmentId, realToken: target.realToken }),
        )
      else localStorage.removeItem(REMEMBER_KEY)
    } catch {
      // no storage
    }
  }, [target.remember, target.environmentId, target.realToken])

  const op = registry && name ? registry.operations.find((o) => o.name === name) : undefined
  const parsed = useMemo(() => (runtime ? runtime.parseBodyText(bodyText) : null), [runtime, bodyText])
  // Checked by the engine's worker: the answer counts for the body it was asked about only
  // (until it arrives, the check shows as being prepared).
  const [checked, setChecked] = useState<{ of: unknown; op: string; issues: BodyIssue[] } | null>(null)
  useEffect(() => {
    if (!runtime || !op || !parsed) return
    if (!parsed.ok) {
      setChecked({ of: parsed, op: op.name, issues: [{ path: '', message: parsed.message }] })
      return
    }
    let current = true
    runtime.validateBody(op.requestSchema, parsed.value).then(
      (issues) => current && setChecked({ of: parsed, op: op.name, issues }),
      (e: unknown) =>
        current &&
        setChecked({ of: parsed, op: op.name, issues: [{ path: '', message: `検証できませんでした: ${String(e)}` }] }),
    )
    return () => {
      current = false
    }
  }, [runtime, op, parsed])
  const checkedNow = checked !== null && checked.of === parsed && checked.op === op?.name
  const allIssues: BodyIssue[] = checkedNow ? checked.issues : []
  const issues = shownIssues(allIssues, { sendTried, editorEdited, touched })

  const origin = typeof window === 'undefined' ? '' : window.location.origin
  // Snippets go where the playground sends: for the in-browser emulator, this page's origin
  // (served by `npm start`, the same emulator answers there).
  const snippetBaseUrl = targetBaseUrl(toTarget(target, site), origin)
  const bodyValue = parsed?.ok ? parsed.value : {}
  const targetReady = target.kind !== 'emulator' || emulatorReady
  const formContext = useMemo(
    () => ({ target: toTarget(target, site), origin, ready: targetReady, body: bodyValue }),
    [target, site, origin, targetReady, bodyValue],
  )
  // Why the chosen target cannot be sent to (an empty environment id, a URL the site's CSP refuses).
  const problem = origin === '' ? null : targetProblem(toTarget(target, site), origin)

  const fillExample = async (): Promise<void> => {
    if (!runtime || !op) return
    let now = Math.floor(Date.now() / 1000)
    try {
      const clock = await callPageEmulator('GET', '/__mock/clock')
      if (clock.ok) now = (JSON.parse(clock.text) as { now: number }).now
    } catch {
      // the emulator is not running: the wall clock
    }
    const seed = (history.length + 1) * 7919 + (now % 1000)
    // Ids that exist on the chosen target: read with its listing APIs, and created by this session.
    const t = toTarget(target, site)
    const fromTarget = targetReady ? await knownIds(t, origin).catch(() => ({})) : {}
    const ids: KnownIds = { ...fromTarget, ...sessionIds() }
    let memberInfo: Record<string, unknown> | undefined
    if (hasMemberInfo(op.requestSchema) && targetReady) {
      const elements = await memberElements(t, origin, ids.member_table_id ?? 1).catch(() => null)
      if (elements) memberInfo = sampleMemberInfo(elements, seed)
    }
    const v = await runtime.exampleBody(op.requestSchema, { seed, now, ids, memberInfo })
    const unknown = Array.from(idKeysOf(v)).filter((k) => !(k in ids))
    setExampleNote(
      unknown.length === 0
        ? ''
        : `${unknown.join('、')} は送信先で確かめた ID ではありません。${unknown
            .filter((k) => CREATED_BY[k])
            .map((k) => `${CREATED_BY[k]} を送ると、その答えの ID を例に使います。`)
            .filter((x, i, a) => a.indexOf(x) === i)
            .join('')}`,
    )
    setBodyText(JSON.stringify(v, null, 2))
  }

  const send = async (): Promise<void> => {
    if (!op || sending || problem !== null || !formWanted || (target.kind === 'emulator' && !emulatorReady)) return
    setSendTried(true)
    setSending(true)
    const t = toTarget(target, site)
    const r = await sendRequest(t, origin, op.name, bodyText, op.security)
    const sent = parsedBody(bodyText)
    setResult(r)
    setSentBody(sent)
    setRestoredAt(null)
    saveRecord({ name: op.name, at: new Date().toISOString(), target: t.kind, body: bodyText, result: r })
    setFieldNames(null)
    if (answerNamesItems(r.status, r.text, op.name, sent)) void loadFieldNames(t, sent)
    if (t.kind !== 'emulator' && r.status !== 0 && runtime) {
      setVerdict({ of: r, differences: null })
      runtime.verdict({ operation: op.name, status: r.status, text: r.text }).then(
        (differences) => setVerdict((v) => (v?.of === r ? { of: r, differences } : v)),
        () => setVerdict((v) => (v?.of === r ? null : v)),
      )
    }
    setSending(false)
    const created = r.status === 200 ? idsFromAnswer(op.name, r.text) : {}
    if (Object.keys(created).length > 0) rememberSessionIds(created)
    // The button stays where the reader is (it is never disabled while sending); the answer is
    // brought into view when it is out of it (the button sticks to the screen's bottom).
    if (document.activeElement === document.body) sendButton.current?.focus()
    // (On a phone the answer comes below the 送信先 box: its top is brought under the navbar.)
    requestAnimationFrame(() => {
      const box = responseBox.current?.getBoundingClientRect()
      if (box && (box.top > window.innerHeight - 96 || box.bottom < 0))
        responseBox.current?.scrollIntoView({ block: 'start' })
    })
    setRevision((n) => n + 1)
    setHistory(
      addHistory({
        at: new Date().toISOString(),
        name: op.name,
        body: bodyText,
        target: t.kind,
        status: r.status,
        ms: r.ms,
        errorCode: r.errorCode,
      }),
    )
  }

  // A member answer kept from an earlier page load names its fields once the target answers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per restored answer, when the target is ready
  useEffect(() => {
    if (restoredAt === null || !result || !targetReady || fieldNames !== null) return
    if (answerNamesItems(result.status, result.text, name ?? undefined, sentBody))
      void loadFieldNames(toTarget(target, site), sentBody)
  }, [restoredAt, result, targetReady])

  /** Names of the answer's `e_N`: the form's items when the body sent names a form, else its member table's fields. */
  const loadFieldNames = async (t: Target, body: unknown): Promise<void> => {
    setFieldNames(await itemNames(t, origin, body))
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

  // A member's fields make the form taller than the screen: until it is there, its place is
  // held, so that the editor and the send bar below do not jump on the screen when it comes.
  const memberInfoForm = useMemo(() => op !== undefined && hasMemberInfo(op.requestSchema), [op])
  const formPending = (
    <p className={memberInfoForm ? 'krs-pg-muted krs-pg-pending' : 'krs-pg-muted'}>フォームを読み込んでいます…</p>
  )

  return (
    <div className={inPlace ? 'krs-pg krs-pg-in-place' : name ? 'krs-pg krs-pg--operation' : 'krs-pg'}>
      {inPlace ? null : (
        <>
          <a className="krs-pg-skip" href="#krs-pg-request">
            リクエストの入力へ移動
          </a>
          <aside className="krs-pg-side">
            <OperationList current={name} />
          </aside>
        </>
      )}
      <div className="krs-pg-main">
        <Heading as={inPlace ? 'h2' : 'h1'}>
          {name ? <code data-testid="operation-name">{name}</code> : 'プレイグラウンド'}
        </Heading>
        {summary ? <p className="krs-pg-summary">{summary.summary}</p> : null}
        {!name ? (
          <p>
            ブラウザの中で動くエミュレータ（既定のシナリオ）に対して、KREISEL JSON API の {data.operations.length} 個の
            API を試せるページです。サーバーもアカウントも要りません。左の一覧から API を選んでください。ローカルの{' '}
            <code>krs mock</code> や本番の環境にも送れます。
          </p>
        ) : null}
        {loadError ? <p className="krs-pg-ng">プレイグラウンドを読み込めませんでした: {loadError}</p> : null}
        {name && !summary ? <p className="krs-pg-ng">API「{name}」はありません。</p> : null}
        {op && registry ? (
          <>
            <div className="krs-pg-columns">
              <section
                className="krs-pg-box"
                id="krs-pg-request"
                tabIndex={-1}
                aria-labelledby="krs-pg-request-title"
                onKeyDown={(e) => {
                  if (!isSendKey(e)) return
                  e.preventDefault()
                  void send()
                }}
              >
                <h2 className="krs-pg-h" id="krs-pg-request-title">
                  リクエスト
                </h2>
                <RequestIntro />
                <div className="krs-pg-row">
                  <button
                    type="button"
                    className="button button--sm button--secondary"
                    onClick={() => void fillExample()}
                    data-testid="fill-example"
                  >
                    例を入れる
                  </button>
                  <button
                    type="button"
                    className="button button--sm button--secondary"
                    onClick={() => setBodyText('{}')}
                  >
                    空にする
                  </button>
                  <button
                    type="button"
                    className="button button--sm button--secondary"
                    onClick={() => void copyShare()}
                    data-testid="share"
                  >
                    共有 URL
                  </button>
                </div>
                {copied ? (
                  <p className="krs-pg-muted" role="status">
                    {copied}
                  </p>
                ) : null}
                {exampleNote ? (
                  <p className="krs-pg-muted" data-testid="example-note">
                    {exampleNote}
                  </p>
                ) : null}
                <details open className="krs-pg-form-details">
                  <summary>フォーム</summary>
                  {!runtime || !formWanted ? (
                    formPending
                  ) : parsed?.ok ? (
                    <FormBoundary resetKey={op.name}>
                      <Suspense fallback={formPending}>
                        <SchemaForm
                          key={`${op.name}-${formRevision}`}
                          schema={op.requestSchema}
                          value={bodyValue}
                          context={formContext}
                          onChange={(v, fieldId) => {
                            const next = JSON.stringify(v ?? {}, null, 2)
                            const drawnWith = bodyText
                            setBodyTextState((current) => {
                              if (!formChangeApplies(current, drawnWith, lastFromForm.current)) return current
                              lastFromForm.current = next
                              return next
                            })
                            setTouched((t) => (t.has(fieldId) ? t : new Set(t).add(fieldId)))
                          }}
                        />
                      </Suspense>
                    </FormBoundary>
                  ) : (
                    <p className="krs-pg-muted">JSON が読めるようになるとフォームを表示します。</p>
                  )}
                </details>
                <label htmlFor="krs-pg-editor" className="krs-pg-label">
                  JSON エディタ（フォームと同じ内容）
                </label>
                <textarea
                  id="krs-pg-editor"
                  className="krs-pg-editor"
                  spellCheck={false}
                  value={editorHeld ?? bodyText}
                  onFocus={(e) => setEditorHeld(e.currentTarget.value)}
                  onBlur={() => setEditorHeld(null)}
                  onChange={(e) => {
                    const text = e.target.value
                    setEditorEdited(true)
                    setEditorHeld((held) => (held === null ? null : text))
                    setBodyText(text)
                  }}
                  data-testid="body-editor"
                  aria-invalid={issues.length > 0}
                  aria-describedby="krs-pg-body-check"
                />
                <div id="krs-pg-body-check">
                  {!runtime || !checkedNow ? (
                    <p className="krs-pg-muted">スキーマの検証を準備しています…</p>
                  ) : allIssues.length > 0 ? (
                    issues.length > 0 ? (
                      <ul className="krs-pg-issues" data-testid="body-issues">
                        {issues.map((i) => (
                          <li key={`${i.path} ${i.message}`}>
                            <code>{i.path === '' ? '（ボディ全体）' : i.path}</code>: {i.message}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="krs-pg-muted" data-testid="body-incomplete">
                        必須の項目を入力してください（送信すると足りない項目を示します）。
                      </p>
                    )
                  ) : (
                    <p className="krs-pg-ok" data-testid="body-valid">
                      スキーマに合っています
                    </p>
                  )}
                </div>
                <div className="krs-pg-send-bar">
                  <button
                    ref={sendButton}
                    id="krs-pg-send"
                    type="button"
                    className="button button--primary krs-pg-send"
                    onClick={() => void send()}
                    disabled={(target.kind === 'emulator' && !emulatorReady) || !formWanted || problem !== null}
                    aria-keyshortcuts="Control+Enter"
                    aria-describedby={problem !== null ? 'krs-pg-send-problem' : undefined}
                    aria-busy={sending}
                    data-testid="send"
                  >
                    {sending
                      ? '送信中…'
                      : target.kind === 'emulator' && !emulatorReady
                        ? 'エミュレータを起動中…'
                        : !formWanted
                          ? 'フォームを準備中…'
                          : '送信'}
                  </button>
                  {problem !== null ? (
                    <p className="krs-pg-ng" id="krs-pg-send-problem" data-testid="send-problem">
                      {problem}
                    </p>
                  ) : null}
                  {issues.length > 0 ? (
                    <p className="krs-pg-muted">
                      スキーマに合わないボディも送れます（サーバーの検証を確かめられます）。
                    </p>
                  ) : null}
                  <p className="krs-pg-muted krs-pg-keys">フィールドで Enter、エディタで Ctrl+Enter でも送信します。</p>
                </div>
              </section>
              <div>
                <TargetPicker
                  site={site}
                  problem={problem}
                  value={target}
                  onChange={(next) => {
                    if (next.kind !== target.kind) forgetTargetData()
                    setTarget(next)
                  }}
                />
                <div
                  aria-live="polite"
                  data-testid="response-live"
                  ref={responseBox}
                  id="krs-pg-response"
                  tabIndex={-1}
                >
                  {result && restoredAt ? (
                    <p className="krs-pg-muted" data-testid="response-restored">
                      前回この操作を送ったときのリクエストとレスポンスです（
                      {new Date(restoredAt).toLocaleString('ja-JP')}）。
                    </p>
                  ) : null}
                  {result ? (
                    <ResponseView
                      operation={name ?? ''}
                      result={result}
                      registry={registry}
                      fieldNames={fieldNames}
                      body={sentBody}
                    />
                  ) : null}
                  {result && verdict?.of === result ? <VerdictView differences={verdict.differences} /> : null}
                </div>
              </div>
            </div>
            <section className="krs-pg-box" data-testid="snippets" aria-labelledby="krs-pg-snippets-title">
              <h2 className="krs-pg-h" id="krs-pg-snippets-title">
                コード例（このリクエストそのもの）
              </h2>
              {target.kind === 'emulator' ? (
                <p className="krs-pg-muted">
                  ブラウザ内エミュレータはこのページの中で動いています。コード例の宛先はこのページのアドレスです。
                  <code>npm start</code> でサイトを配信しているときは、同じエミュレータがそこで答えます。
                  <code>krs mock</code> に送るときは宛先を <code>{LOCAL_MOCK_URL}</code>{' '}
                  に置き換えてください。トークンは環境変数 <code>KRS_API_TOKEN</code> に入れます（今のトークン:{' '}
                  <code>{target.emulatorToken}</code>）。
                </p>
              ) : null}
              <SnippetTabs
                kinds={snippetKinds}
                selected={snippet}
                onSelect={setSnippet}
                request={{ name: op.name, body: bodyValue, baseUrl: snippetBaseUrl, security: op.security }}
              />
            </section>
          </>
        ) : name && summary && !loadError ? (
          // Holds the place of the request and response (taller than the screen), so that what
          // follows does not jump on the screen when they arrive.
          <div className="krs-pg-pending" aria-busy="true">
            <section className="krs-pg-box">
              <h2 className="krs-pg-h">リクエスト</h2>
              <RequestIntro />
              <p className="krs-pg-muted">読み込んでいます…</p>
            </section>
          </div>
        ) : null}
        {/* After the form and its answer: a reader comes to try the operation first. */}
        {details ? <OperationDetails op={details.op} errors={details.errors} /> : null}
        <div className="krs-pg-columns">
          <EmulatorPanel
            ready={emulatorReady}
            token={target.emulatorToken}
            revision={revision}
            errors={registry?.errors}
            onReset={() => {
              forgetTargetData()
              forgetSessionIds()
              clearHistory()
              clearRecords()
              setHistory([])
            }}
          />
          <section className="krs-pg-box" data-testid="history" aria-labelledby="krs-pg-history-title">
            <h2 className="krs-pg-h" id="krs-pg-history-title">
              このブラウザでの呼び出し
            </h2>
            {history.length === 0 ? <p className="krs-pg-muted">まだありません。</p> : null}
            <ol className="krs-pg-journal">
              {history.map((h) => (
                <li key={`${h.at} ${h.name} ${h.target}`}>
                  <Link to={`/playground/${h.name}?body=${encodeURIComponent(h.body)}`}>
                    <code>{h.name}</code>
                  </Link>{' '}
                  {h.status}
                  {h.errorCode ? ` ${h.errorCode}` : ''}{' '}
                  <small>
                    {h.ms} ms・{h.target}
                  </small>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  )
}

/** A request body as JSON, or null when it is not JSON (then no item names are read for it). */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
