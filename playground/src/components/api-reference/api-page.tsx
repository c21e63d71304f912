/// <reference types="docusaurus-theme-redoc/dist/types/modules" />
// (the types of @theme/Redoc, from the theme redocusaurus brings)
import type React from 'react'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { usePluginData } from '@docusaurus/useGlobalData'
import Layout from '@theme/Layout'
import useBrokenLinks from '@docusaurus/useBrokenLinks'
import data from '@site/.generated/operations.json'
import { fixRedocAccessibility, tryLinkOperation } from './redoc-dom'
import './api-page.css'

// Its own chunk, fetched when a 「試す」 link is first followed: /api's page carries none of the playground.
const TryDrawer = lazy(() => import(/* webpackChunkName: "try-drawer" */ '@site/src/components/playground/try-drawer'))

type RedocProps = React.ComponentProps<typeof import('@theme/Redoc').default>
type Reference = { Redoc: (props: RedocProps) => React.JSX.Element; spec: RedocProps['spec'] }

/**
 * Redoc and the contract it renders, each a chunk of its own, run when the reader opens the
 * reference: the page's first load carries neither (Redoc's bundle is about 1 MB, the contract
 * about 470 KB, and building Redoc's store and tree from them takes seconds on a phone). Both
 * are prefetched (the browser fetches them at the lowest priority once the page has loaded, and
 * runs nothing), so that opening the reference waits for that work only, not for the network.
 */
function loadReference(): Promise<Reference> {
  return Promise.all([
    import(/* webpackChunkName: "redoc", webpackPrefetch: true */ '@theme/Redoc'),
    import(/* webpackChunkName: "api-contract", webpackPrefetch: true */ '@site/.generated/openapi.json'),
  ]).then(([redoc, contract]) => ({
    Redoc: redoc.default,
    spec: contract.default as unknown as RedocProps['spec'],
  }))
}

/** Redoc's anchor of a tag and of an operation (its sections and menu use the same ids). */
const tagAnchor = (tag: string): string => `tag/${tag}`
const operationAnchor = (tag: string, name: string): string => `tag/${tag}/operation/${name}`
/** The hash of the index's link that opens the whole reference (no section of Redoc has it). */
const REFERENCE_HASH = 'reference'

/**
 * What opens the reference: a click in the index (Enter on a link is one), except on a 「試す」
 * link, and a hash (a link to an operation, or one of the index's links, loaded with the page or
 * followed in it). Not a click elsewhere (the navbar's search, the try-it panel), not scrolling:
 * the index is what a reader scrolls, and replacing it under their finger would lose their
 * place; not a key either: Tab would replace the index under the keyboard's focus.
 */
const WAKE_EVENTS = ['click', 'hashchange'] as const
const opensReference = (e: Event): boolean =>
  e.type !== 'click' ||
  (e.target instanceof Element && e.target.closest('.krs-api-page') !== null && tryLinkOperation(e.target) === null)

/**
 * The operations grouped by tag, in Japanese: what the server renders and the page shows first.
 * Each entry carries the id of its Redoc section, so that a link to an operation lands on its
 * entry without script, and is replaced by the section once the reference is open.
 */
function OperationIndex(): React.JSX.Element {
  const links = useBrokenLinks()
  return (
    <div className="krs-api-index" data-testid="api-index">
      <h1>API リファレンス</h1>
      <p>
        KREISEL JSON API の {data.operations.length}{' '}
        個の操作を機能ごとに並べています。操作を選ぶと、リクエストとレスポンスの形、権限、エラーまでの詳しい説明（リファレンス本体）が開きます。「試す」はその操作をこのページの中で送ります。
      </p>
      <p>
        リファレンスのリクエスト例は、既定のシナリオに
        <a href="/cli-reference#例を試す前に">CLI リファレンスの「例を試す前に」</a>
        のコマンドで文面・配信・バッチジョブなどを作った状態で、そのまま 200 を返します（例の ID はそれらが返す ID
        です）。
      </p>
      <p className="krs-api-index-actions">
        {/* A link, so that a click before the page's script has started is not lost: the page
            opens the reference when it starts with a hash. */}
        <a href={`#${REFERENCE_HASH}`} className="button button--primary" data-testid="api-open-reference">
          リファレンス全体を開く（メニュー付き）
        </a>
        <a href="/openapi.json" download className="button button--secondary">
          スキーマファイルのダウンロード
        </a>
      </p>
      {data.tags.map((tag) => {
        links.collectAnchor(tagAnchor(tag.name))
        return (
          <section key={tag.name} id={tagAnchor(tag.name)}>
            <h2>{tag.description}</h2>
            <ul>
              {data.operations
                .filter((op) => op.tag === tag.name)
                .map((op) => {
                  const anchor = operationAnchor(tag.name, op.name)
                  links.collectAnchor(anchor)
                  links.collectAnchor(`operation/${op.name}`)
                  return (
                    <li key={op.name} id={anchor}>
                      <a href={`#${anchor}`}>
                        <code>{op.name}</code> {op.summary}
                      </a>{' '}
                      <a href={`/playground/${op.name}`} className="krs-api-index-try" aria-label={`${op.name} を試す`}>
                        試す
                      </a>
                    </li>
                  )
                })}
            </ul>
          </section>
        )
      })}
    </div>
  )
}

/**
 * /api: the index of the operations first (light, rendered on the server and hydrated at once),
 * then Redoc's whole reference when the reader acts on the page or follows a link to an
 * operation. Redoc renders in the browser only; its chunk and the contract are not part of the
 * page's first load, and nothing before that depends on the contract's size.
 */
export default function ApiPage(): React.JSX.Element {
  const [open, setOpen] = useState(false)
  const [reference, setReference] = useState<Reference | null>(null)
  const [failed, setFailed] = useState(false)
  const [trying, setTrying] = useState<string | null>(null)
  const close = useCallback(() => setTrying(null), [])
  const redocData = usePluginData('docusaurus-plugin-redoc', 'json-api') as Omit<RedocProps, 'spec'>
  useEffect(() => {
    if (open) return
    // a link to one operation: the reference at once, which scrolls its section below the navbar
    if (window.location.hash.length > 1) {
      setOpen(true)
      return
    }
    const wake = (e: Event): void => {
      if (opensReference(e)) setOpen(true)
    }
    for (const name of WAKE_EVENTS) window.addEventListener(name, wake, { passive: true, capture: true })
    return () => {
      for (const name of WAKE_EVENTS) window.removeEventListener(name, wake, { capture: true })
    }
  }, [open])
  useEffect(() => {
    if (!open) return
    let live = true
    loadReference().then(
      (r) => live && setReference(r),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [open])
  // 「試す」 opens the operation's form and answer in a panel of this page (no page load); a
  // click with a modifier key still opens the playground's page, as links do.
  useEffect(() => {
    const onClick = (e: MouseEvent): void => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
      const target = e.target as Element | null
      if (!target?.closest?.('.redocusaurus, .krs-api-index')) return
      const name = tryLinkOperation(target)
      if (!name) return
      e.preventDefault()
      setTrying(name)
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])
  useEffect(() => {
    if (!reference) return
    let timer = 0
    let observer: MutationObserver | null = null
    // Redoc's root appears once its chunk and the contract are here.
    const watch = (): void => {
      const root = document.querySelector('.redocusaurus')
      if (!root) {
        timer = window.setTimeout(watch, 200)
        return
      }
      const run = (): void => {
        window.clearTimeout(timer)
        timer = window.setTimeout(() => fixRedocAccessibility(root), 100)
      }
      run()
      observer = new MutationObserver(run)
      observer.observe(root, { childList: true, subtree: true })
    }
    watch()
    return () => {
      observer?.disconnect()
      window.clearTimeout(timer)
    }
  }, [reference])
  const { Redoc } = reference ?? {}
  return (
    <Layout
      title="API リファレンス"
      description="KREISEL JSON API の全操作のリファレンス：リクエストとレスポンスの形、権限、エラーコード"
    >
      <main className="krs-api-page">
        {reference && Redoc ? (
          <Redoc {...redocData} spec={reference.spec} />
        ) : (
          <>
            <p className="krs-api-status" role="status">
              {failed
                ? 'リファレンスを読み込めませんでした。ページを読み込み直してください。'
                : open
                  ? 'リファレンスを読み込んでいます…'
                  : ''}
            </p>
            <OperationIndex />
          </>
        )}
      </main>
      {trying ? (
        <Suspense fallback={null}>
          <TryDrawer name={trying} onClose={close} />
        </Suspense>
      ) : null}
    </Layout>
  )
}
