import type React from 'react'
import SkipToContent from '@theme-original/SkipToContent'
import { useLocation } from '@docusaurus/router'

/** Moves the keyboard's focus to the element of `id` (the link's own jump only scrolls to it). */
function focusTarget(e: React.MouseEvent<HTMLAnchorElement>, id: string): void {
  const el = document.getElementById(id)
  if (!el) return
  e.preventDefault()
  el.focus()
  el.scrollIntoView({ block: 'center' })
}

/**
 * The theme's skip link, and on a playground operation page two more, the first stops of the
 * keyboard: straight to 送信 and to the answer (from the top of a page the operation list and
 * the form are a hundred stops long).
 */
export default function SkipToContentWrapper(props: React.ComponentProps<typeof SkipToContent>): React.JSX.Element {
  const { pathname } = useLocation()
  const operationPage = /^\/playground\/[a-z0-9_]+$/.test(pathname)
  return (
    <>
      <SkipToContent {...props} />
      {operationPage ? (
        <>
          {/* biome-ignore lint/a11y/useValidAnchor: a skip link: it jumps without script; the click also moves the focus */}
          <a className="krs-skip-link" href="#krs-pg-send" onClick={(e) => focusTarget(e, 'krs-pg-send')}>
            送信ボタンへ移動
          </a>
          {/* biome-ignore lint/a11y/useValidAnchor: a skip link: it jumps without script; the click also moves the focus */}
          <a className="krs-skip-link" href="#krs-pg-response" onClick={(e) => focusTarget(e, 'krs-pg-response')}>
            レスポンスへ移動
          </a>
        </>
      ) : null}
    </>
  )
}
