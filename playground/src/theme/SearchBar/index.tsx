import type React from 'react'
import { Suspense, lazy, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from '@docusaurus/router'

// The search plugin's bar brings lunr, its Japanese word splitter and the search options
// with it: loaded on first use (focus, pointer, Ctrl/Cmd+K), not as part of main.js.
const RealSearchBar = lazy(() => import('@theme-original/SearchBar'))

/**
 * Ctrl/Cmd+K from the first paint, before the page's scripts have started (the page hydrates for
 * seconds on a slow phone): an inline script in the server's HTML focuses the plain box, so the
 * words typed next land in it. Once the bar has taken over (no plain box), its own shortcut acts.
 */
const EARLY_SHORTCUT =
  "!function(){if(window.__krsSearchKey)return;window.__krsSearchKey=1;document.addEventListener('keydown',function(e){if(!(e.ctrlKey||e.metaKey)||e.altKey||String(e.key).toLowerCase()!=='k')return;var b=document.querySelector('.krs-search-placeholder input');if(b){e.preventDefault();b.focus()}})}()"

const SEARCH_LABEL = 'サイト内検索'
const SEARCH_PLACEHOLDER = '検索'

/**
 * The plugin's bar, taking over from the plain box: what the reader typed into the box while the
 * bar loaded, the caret and the focus move into the bar's own input before the browser paints,
 * so no keystroke is lost; then the plain box goes away (`onReady`).
 */
function Loaded({
  plainBox,
  onReady,
}: {
  plainBox: React.RefObject<HTMLInputElement | null>
  onReady: () => void
}): React.JSX.Element {
  const own = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const input = own.current?.querySelector<HTMLInputElement>('input.navbar__search-input')
    const box = plainBox.current
    if (input && box) {
      const focused = document.activeElement === box
      // The bar's input is a controlled React input: its own change handler must see the text.
      const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
      if (box.value !== '' && setInputValue) {
        setInputValue.call(input, box.value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      }
      if (focused) {
        input.focus()
        input.setSelectionRange(input.value.length, input.value.length)
      }
    }
    onReady()
  }, [plainBox, onReady])
  return (
    <div ref={own} style={{ display: 'contents' }}>
      <RealSearchBar />
    </div>
  )
}

/**
 * The navbar search box: a plain input, in the server's HTML, until the reader uses it; then the
 * plugin's search bar. The plain box takes keystrokes from the first paint: Ctrl/Cmd+K focuses
 * it at once, and whatever is typed while the bar loads is handed over to the bar.
 */
export default function LazySearchBar(): React.JSX.Element {
  const [wanted, setWanted] = useState(false)
  const [ready, setReady] = useState(false)
  const plainBox = useRef<HTMLInputElement>(null)
  const { search } = useLocation()
  const onReady = useCallback(() => setReady(true), [])

  // Focused (and maybe typed into) before the page hydrated: load the bar now.
  useEffect(() => {
    if (plainBox.current && document.activeElement === plainBox.current) setWanted(true)
  }, [])

  // Arriving from a search result: the real bar highlights the words on the page.
  useEffect(() => {
    if (search.includes('_highlight=')) setWanted(true)
  }, [search])

  // Until the bar has taken over; then the bar's own shortcut does this.
  useEffect(() => {
    if (ready) return
    const onKey = (e: KeyboardEvent): void => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        plainBox.current?.focus()
        setWanted(true)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [ready])

  return (
    <>
      {!ready && (
        <div className="navbar__search krs-search-placeholder">
          <input
            ref={plainBox}
            className="navbar__search-input"
            placeholder={SEARCH_PLACEHOLDER}
            aria-label={SEARCH_LABEL}
            onFocus={() => setWanted(true)}
            onPointerEnter={() => setWanted(true)}
          />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of this file (EARLY_SHORTCUT) */}
          <script dangerouslySetInnerHTML={{ __html: EARLY_SHORTCUT }} />
        </div>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <Loaded plainBox={plainBox} onReady={onReady} />
        </Suspense>
      )}
    </>
  )
}
