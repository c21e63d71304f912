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
