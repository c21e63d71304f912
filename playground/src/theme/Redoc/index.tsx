import type React from 'react'
import { Suspense, useEffect, useState } from 'react'
import useIsBrowser from '@docusaurus/useIsBrowser'
import type Redoc from '@theme-original/Redoc'
import LazyRedoc, { loadRedoc } from './redoc-loader'

/**
 * What makes the reference come alive: the reader's first gesture on the page. Not pointerdown
 * or focusin: the markup replaced between a press and its click would lose the click.
 */
const WAKE_EVENTS = ['click', 'keydown', 'wheel', 'scroll'] as const

/**
 * /api's Redoc, hydrated when the reader first acts on the page rather than while it loads.
 * The server-rendered reference (all 61 operations, styled) is shown as it is until then:
 * its text, anchors and 「試す」 links work without Redoc's script. Building Redoc's store and
 * hydrating its tree took seconds of one task on a phone, during which the page could not
 * answer (mobile Lighthouse 62). A client-side navigation to /api has no server HTML to show:
 * Redoc renders as soon as its chunk is loaded there.
 */
export default function DeferredRedoc(props: React.ComponentProps<typeof Redoc>): React.JSX.Element {
  const isBrowser = useIsBrowser()
  // true while hydrating the server's page (useIsBrowser is false for that first render only)
  const [deferred, setDeferred] = useState(() => !isBrowser)
  useEffect(() => {
    if (!deferred) return
    // once Redoc's chunk is here, so that the server's markup stays until Redoc replaces it
    const wake = (): void => {
      void loadRedoc().then(() => setDeferred(false))
    }
    // a link to one operation: Redoc at once, which scrolls its section below the navbar
    if (window.location.hash.length > 1) wake()
    for (const name of WAKE_EVENTS) window.addEventListener(name, wake, { once: true, passive: true, capture: true })
    return () => {
      for (const name of WAKE_EVENTS) window.removeEventListener(name, wake, { capture: true })
    }
  }, [deferred])
  if (typeof window !== 'undefined' && deferred)
    // keeps the server's markup untouched: React does not hydrate inside dangerouslySetInnerHTML
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, never content: the server's markup stays as it was sent
    return <div className="krs-redoc-static" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  // The server renders without a boundary of its own: a part of Redoc that suspends there
  // would make its markup a streamed boundary, filled in by an inline script.
  if (typeof window === 'undefined')
    return (
      <div className="krs-redoc-static">
        <LazyRedoc {...props} />
      </div>
    )
  return (
    <div className="krs-redoc-static">
      <Suspense fallback={null}>
        <LazyRedoc {...props} />
      </Suspense>
    </div>
  )
}
