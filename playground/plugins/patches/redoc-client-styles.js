// Plain JavaScript: webpack swaps this file in for a module of node_modules after its loaders
// were chosen, so it must need no transpiling.
import { createElement } from 'react'

/** Kept as one object so that re-renders never see a changed `__html`. */
const keepServerStyles = { __html: '' }

/**
 * Client stand-in for redocusaurus' `Redoc/Styles` (swapped in by plugins/patches/index.ts).
 * The server renders Redoc's light and dark CSS as `<style>`
 * children of this div; redocusaurus' own client version renders the div empty, which React 19
 * reports as a hydration mismatch (#418) before re-rendering the page on the client. With
 * `dangerouslySetInnerHTML` React does not hydrate the div's children: the server's styles stay.
 */
export function ServerStyles() {
  return createElement('div', {
    className: 'redocusaurus-styles',
    suppressHydrationWarning: true,
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant, never outside content: it only keeps the server's styles from being hydrated away
    dangerouslySetInnerHTML: keepServerStyles,
  })
}
