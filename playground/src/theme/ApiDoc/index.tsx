import React, { Suspense, useCallback, useEffect, useState } from 'react'
import ApiDoc from '@theme-original/ApiDoc'

// Its own chunk, fetched when a 「試す」 link is first followed: /api's page carries none of the playground.
const TryDrawer = React.lazy(
  () => import(/* webpackChunkName: "try-drawer" */ '@site/src/components/playground/try-drawer'),
)

/** The operation a link of the reference opens in place: its 「試す」 link to /playground/{name}. */
export function tryLinkOperation(target: EventTarget | null): string | null {
  const a = target instanceof Element ? target.closest('a[href]') : null
  if (!a) return null
  const m = /^\/playground\/([a-z0-9_]+)$/.exec(a.getAttribute('href') ?? '')
  return m ? m[1]! : null
}

/**
 * Keyboard access for Redoc's panels: a sample panel that still scrolls (its lines wrap, see the
 * theme options in docusaurus.config.ts) becomes a focusable region, so that keyboard users can
 * scroll it. Applied again whenever Redoc renders more. (Redoc's selects are named in its own
 * markup: plugins/patches/redoc-bundle.cjs.)
 */
export function fixRedocAccessibility(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('[role="tabpanel"] div, pre')) {
    if (el.hasAttribute('tabindex')) continue
    const style = getComputedStyle(el)
    const scrolls =
      /(auto|scroll)/.test(style.overflowX + style.overflowY) &&
      (el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth)
    if (!scrolls) continue
    el.setAttribute('tabindex', '0')
    if (!el.hasAttribute('role')) el.setAttribute('role', 'region')
    if (!el.hasAttribute('aria-label')) el.setAttribute('aria-label', '例（スクロールできます）')
  }
}

export default function ApiDocWrapper(props: React.ComponentProps<typeof ApiDoc>): React.JSX.Element {
  const [trying, setTrying] = useState<string | null>(null)
  const close = useCallback(() => setTrying(null), [])
  // 「試す」 opens the operation's form and answer in a panel of this page (no page load); a
  // click with a modifier key still opens the playground's page, as links do.
  useEffect(() => {
    const onClick = (e: MouseEvent): void => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
      const target = e.target as Element | null
      if (!target?.closest?.('.redocusaurus')) return
      const name = tryLinkOperation(target)
      if (!name) return
      e.preventDefault()
      setTrying(name)
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])
  useEffect(() => {
    const root = document.querySelector('.redocusaurus') ?? document.body
    let timer = 0
    const run = (): void => {
      window.clearTimeout(timer)
      timer = window.setTimeout(() => fixRedocAccessibility(root), 100)
    }
    run()
    const observer = new MutationObserver(run)
    observer.observe(root, { childList: true, subtree: true })
    return () => {
      observer.disconnect()
      window.clearTimeout(timer)
    }
  }, [])
  return (
    <>
      <ApiDoc {...props} />
      {trying ? (
        <Suspense fallback={null}>
          <TryDrawer name={trying} onClose={close} />
        </Suspense>
      ) : null}
    </>
  )
}
