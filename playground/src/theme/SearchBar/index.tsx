import type React from 'react'
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { useLocation } from '@docusaurus/router'

// The search plugin's bar brings lunr, its Japanese word splitter and the search options
// with it: loaded on first use (focus, pointer, Ctrl/Cmd+K), not as part of main.js.
const RealSearchBar = lazy(() => import('@theme-original/SearchBar'))

const SEARCH_LABEL = '検索'

function Loaded({ focus }: { focus: boolean }): React.JSX.Element {
  useEffect(() => {
    if (focus) document.querySelector<HTMLInputElement>('.navbar__search-input')?.focus()
  }, [focus])
  return <RealSearchBar />
}

/** The navbar search box: a plain input until the reader uses it, then the plugin's search bar. */
export default function LazySearchBar(): React.JSX.Element {
  const [wanted, setWanted] = useState(false)
  const focusOnLoad = useRef(false)
  const { search } = useLocation()

  // Arriving from a search result: the real bar highlights the words on the page.
  useEffect(() => {
    if (search.includes('_highlight=')) setWanted(true)
  }, [search])

  useEffect(() => {
    if (wanted) return
    const onKey = (e: KeyboardEvent): void => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        focusOnLoad.current = true
        setWanted(true)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [wanted])

  const placeholder = (
    <div className="navbar__search krs-search-placeholder">
      <input
        className="navbar__search-input"
        placeholder={SEARCH_LABEL}
        aria-label={SEARCH_LABEL}
        onFocus={() => {
          focusOnLoad.current = true
          setWanted(true)
        }}
        onPointerEnter={() => setWanted(true)}
        readOnly={wanted}
      />
    </div>
  )
  if (!wanted) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <Loaded focus={focusOnLoad.current} />
    </Suspense>
  )
}
