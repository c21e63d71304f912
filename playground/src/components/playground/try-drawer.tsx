import type React from 'react'
import { useEffect, useRef } from 'react'
import PlaygroundApp from './playground-app'
import './playground.css'

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
  // The reference makes room for the panel while it is open (api-page.css).
  useEffect(() => {
    document.documentElement.classList.add('krs-try-open')
    return () => document.documentElement.classList.remove('krs-try-open')
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
