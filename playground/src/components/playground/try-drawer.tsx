import type React from 'react'
import { useEffect, useLayoutEffect, useRef } from 'react'
import PlaygroundApp from './playground-app'
import './playground.css'

/**
 * Runs `change` (which narrows or widens /api's reference) and scrolls the page so that the text
 * the reader was at stays where it was on the screen: the link they followed to open the panel,
 * else the text at the top of the reference. Narrowed, Redoc's text wraps into a page far taller
 * (116,000 px → 185,000 px at 1600 px wide); the browser's scroll anchoring does not follow a
 * change of the page's margin, and the reader, who had just clicked 「試す」 in an operation, was
 * left looking at another one, thousands of pixels away.
 */
function keepingPlace(change: () => void): void {
  const content = document.querySelector('.redocusaurus .api-content, .krs-api-index')
  const box = content?.getBoundingClientRect()
  const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0
  const focused = document.activeElement
  const anchor =
    focused && content?.contains(focused)
      ? focused
      : box
        ? document.elementFromPoint(box.left + 16, Math.max(navbar, box.top) + 8)
        : null
  const before = anchor && content?.contains(anchor) ? anchor.getBoundingClientRect().top : null
  change()
  if (anchor && before !== null) window.scrollBy(0, anchor.getBoundingClientRect().top - before)
}

/**
 * The playground of one operation in a panel beside /api's reference (its 「試す」 links open
 * it): the same form, answer and emulator as /playground/{name}, without a page load. Loaded
 * when first opened, so /api's own page carries none of it.
 */
export default function TryDrawer({ name, onClose }: { name: string; onClose: () => void }): React.JSX.Element {
  const closeButton = useRef<HTMLButtonElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `name` is the trigger (another operation was opened: focus its panel)
  useEffect(() => {
    closeButton.current?.focus()
  }, [name])
  // The reference makes room for the panel while it is open (api-page.css), before it is painted.
  useLayoutEffect(() => {
    keepingPlace(() => document.documentElement.classList.add('krs-try-open'))
    return () => keepingPlace(() => document.documentElement.classList.remove('krs-try-open'))
  }, [])
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onClose()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  return (
    <div
      className="krs-try-drawer"
      role="dialog"
      aria-modal="false"
      aria-label={`${name} を試す`}
      data-testid="try-drawer"
    >
      <div className="krs-try-drawer-bar">
        <a href={`/playground/${name}`}>プレイグラウンドのページで開く</a>
        <button
          type="button"
          ref={closeButton}
          className="button button--sm button--secondary"
          onClick={onClose}
          data-testid="try-drawer-close"
        >
          閉じる
        </button>
      </div>
      <PlaygroundApp name={name} inPlace />
    </div>
  )
}
