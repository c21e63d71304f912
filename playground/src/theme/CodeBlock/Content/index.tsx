import type React from 'react'
import { Suspense, useCallback, useState } from 'react'
import useIsBrowser from '@docusaurus/useIsBrowser'
import { useColorMode } from '@docusaurus/theme-common'
import { useCodeBlockContext } from '@docusaurus/theme-common/internal'
import type { Props } from '@theme/CodeBlock/Content'

/** The lines highlighted by Prism (with the site's languages): a chunk of their own in the browser. */
import Highlighted from './highlighted-loader'

/**
 * The server's highlighted lines of the blocks this page load hydrated, by language and code:
 * a block that Docusaurus mounts again right after hydration (the tabs of a <Tabs> are
 * mounted anew once the page runs in the browser) shows them again without Prism.
 */
const serverLines = new Map<string, string>()

/** Keeps the block's server-rendered colours; a wrapper without a box of its own. */
const WRAPPER_STYLE: React.CSSProperties = { display: 'contents' }

/** The code as plain lines while Prism loads (the same box as the highlighted block). */
function PlainLines({ className }: { className?: string }): React.JSX.Element {
  const { metadata, wordWrap } = useCodeBlockContext()
  return (
    <pre ref={wordWrap.codeBlockRef} className={['prism-code', 'thin-scrollbar', className].filter(Boolean).join(' ')}>
      <code>{metadata.code}</code>
    </pre>
  )
}

/**
 * The code block's highlighted lines, rendered by Prism at build time and kept as they are
 * when the page hydrates: evaluating Prism with the site's languages and highlighting the
 * page's blocks again in the browser was a large part of the script work of `/` on a phone,
 * which delays its first response to the reader. The server HTML is the light theme's. A
 * block mounted again after hydration shows the same server lines (light mode); otherwise it
 * renders itself with Prism (loaded then, plain lines meanwhile): pages the browser renders
 * itself (navigation inside the site), and blocks that ../index.tsx renders again because the
 * colour mode is not light.
 */
export default function ContentWrapper(props: Props): React.JSX.Element {
  const { wordWrap, metadata } = useCodeBlockContext()
  const isBrowser = useIsBrowser()
  const { colorMode } = useColorMode()
  const key = `${metadata.language}\u0000${metadata.code}`
  // Mounted by hydration: the server's lines stay; mounted later: the server's lines again when
  // this page load has them (light mode), else the block renders itself.
  const [mode] = useState<'server' | 'again' | 'live'>(() =>
    !isBrowser ? 'server' : colorMode === 'light' && serverLines.has(key) ? 'again' : 'live',
  )
  // The word-wrap button reads and styles the <pre> (Docusaurus' useCodeWordWrap).
  const keepRef = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return
      if (mode === 'server' && !serverLines.has(key)) serverLines.set(key, el.innerHTML)
      ;(wordWrap.codeBlockRef as { current: HTMLPreElement | null }).current = el.querySelector('pre')
    },
    [wordWrap.codeBlockRef, mode, key],
  )
  // The server renders the lines directly (no Suspense boundary in the static HTML, which the
  // browser never hydrates: the first render there keeps the server's lines).
  if (typeof window === 'undefined')
    return (
      <div style={WRAPPER_STYLE}>
        <Highlighted {...props} />
      </div>
    )
  if (mode === 'live')
    return (
      <div style={WRAPPER_STYLE}>
        <Suspense fallback={<PlainLines className={props.className} />}>
          <Highlighted {...props} />
        </Suspense>
      </div>
    )
  // React leaves the children of an element with inner HTML alone when it hydrates it.
  return (
    <div
      style={WRAPPER_STYLE}
      ref={keepRef}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup of this block (kept, or shown again)
      dangerouslySetInnerHTML={{ __html: mode === 'again' ? (serverLines.get(key) ?? '') : '' }}
      suppressHydrationWarning
    />
  )
}
