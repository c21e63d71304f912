// Stands in for @docusaurus/core's client `prefetch.js`. Docusaurus prefetches the chunks of
// every internal link as it scrolls into view, one <link rel="prefetch"> per chunk, inserted at
// once: on `/` about 150 of them while the page hydrates, the second largest piece of its
// script work on a phone (issue 18). Here the links are queued and inserted in the browser's
// idle time, a few milliseconds per slice, so that prefetching never blocks the page; what
// is prefetched does not change (preloading on hover goes through webpack, not here).

/** Milliseconds of insertion per idle slice. */
const SLICE_MS = 4

const queue = []
const seen = new Set()
let scheduled = false

const later =
  typeof requestIdleCallback === 'function'
    ? (fn) => requestIdleCallback(fn, { timeout: 2000 })
    : (fn) => setTimeout(fn, 50)

function flush() {
  scheduled = false
  const start = performance.now()
  const head = document.head ?? document.getElementsByTagName('head')[0]
  while (queue.length > 0 && performance.now() - start < SLICE_MS) {
    const { url, resolve } = queue.shift()
    const link = document.createElement('link')
    link.rel = 'prefetch'
    link.href = url
    link.onload = () => resolve()
    link.onerror = () => resolve() // 404s are logged by the browser
    head?.appendChild(link)
  }
  schedule()
}

function schedule() {
  if (scheduled || queue.length === 0) return
  scheduled = true
  later(flush)
}

export default function prefetch(url) {
  if (typeof document === 'undefined' || seen.has(url)) return Promise.resolve()
  seen.add(url)
  return new Promise((resolve) => {
    queue.push({ url, resolve })
    schedule()
  })
}
