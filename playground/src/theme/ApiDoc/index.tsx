import React, { useEffect } from 'react'
import ApiDoc from '@theme-original/ApiDoc'

/**
 * Accessible names and keyboard access for Redoc's own parts, which Redoc does not give:
 * its content-type selects get a label, and its scrollable sample panels become focusable
 * regions (so that keyboard users can scroll them). Applied again whenever Redoc renders more.
 */
export function fixRedocAccessibility(root: ParentNode): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>('select:not([aria-label])')) {
    select.setAttribute('aria-label', 'コンテンツタイプ')
  }
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
