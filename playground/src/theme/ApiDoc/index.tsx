import type React from 'react'
import { useEffect } from 'react'
import ApiDoc from '@theme-original/ApiDoc'

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
  return <ApiDoc {...props} />
}
