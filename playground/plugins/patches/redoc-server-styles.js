// Plain JavaScript: webpack swaps this file in for a module of node_modules after its loaders
// were chosen, so it must need no transpiling (see redoc-client-styles.js).
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { ServerStyleSheet } from 'styled-components'
import { AppStore, Redoc } from 'redoc'
import postcss from 'postcss'
import prefixSelector from 'postcss-prefix-selector'

const LIGHT = "html:not([data-theme='dark'])"
const DARK = "html[data-theme='dark']"

/** Redoc rendered with one store: its HTML and the CSS that styled-components collected. */
function render(store) {
  const sheet = new ServerStyleSheet()
  try {
    const html = renderToString(sheet.collectStyles(createElement(Redoc, { store })))
    return { html, css: String(sheet.instance) }
  } finally {
    sheet.seal()
  }
}

const classLists = (html) => [...html.matchAll(/\sclass="([^"]*)"/g)].map((m) => m[1].split(/\s+/))

/**
 * styled-components names a class after its CSS, so Redoc's dark render carries other class names
 * than its light render. The page's HTML is the light render (the server does not know the
 * reader's mode): pair the two renders' class lists element by element (same spec and options,
 * so the same elements) and map every dark class to the light class in its place.
 */
export function darkToLightClasses(lightHtml, darkHtml) {
  const light = classLists(lightHtml)
  const dark = classLists(darkHtml)
  const map = new Map()
  const conflicts = new Set()
  if (light.length !== dark.length) return { map, conflicts, aligned: false }
  for (let e = 0; e < light.length; e++) {
    const l = light[e]
    const d = dark[e]
    if (l.length !== d.length) return { map, conflicts, aligned: false }
    for (let k = 0; k < l.length; k++) {
      if (l[k] === d[k]) continue
      const known = map.get(d[k])
      if (known === undefined) map.set(d[k], l[k])
      else if (known !== l[k]) conflicts.add(d[k])
    }
  }
  for (const c of conflicts) map.delete(c)
  return { map, conflicts, aligned: true }
}

function prefixed(css, prefix) {
  return postcss().use(prefixSelector({ prefix })).process(css).css
}

/**
 * Server stand-in for redocusaurus' `Redoc/Styles` (swapped in by plugins/patches/index.ts).
 * Redocusaurus renders a light and a dark style sheet, but its
 * dark one is scoped to an invalid selector (`html([data-theme='dark'])`) and names the dark
 * render's classes, which the page does not have: until Redoc re-renders on the client, a dark
 * page showed Redoc without its styles (its hidden menus and panels visible, unreadable colours).
 * Here the dark sheet is written for the page's classes and scoped to `html[data-theme='dark']`.
 */
export function ServerStyles({ specProps, lightThemeOptions, darkThemeOptions }) {
  const url = specProps.url
  const light = render(new AppStore(specProps.spec, url, lightThemeOptions))
  const dark = render(new AppStore(specProps.spec, url, darkThemeOptions))
  const { map, aligned } = darkToLightClasses(light.html, dark.html)
  if (!aligned) throw new Error("Redoc's light and dark renders differ in structure: cannot style the dark page")
  const darkCss = dark.css.replace(/\.([A-Za-z][\w-]*)/g, (all, name) => (map.has(name) ? `.${map.get(name)}` : all))
  // The style sheets are Redoc's own CSS (from the contract's rendering), never outside input; as
  // raw HTML so that React does not escape the CSS.
  const lightSheet = { __html: prefixed(light.css, LIGHT) }
  const darkSheet = { __html: prefixed(darkCss, DARK) }
  return createElement(
    'div',
    { className: 'redocusaurus-styles' },
    // biome-ignore lint/security/noDangerouslySetInnerHtml: Redoc's generated CSS, see above
    createElement('style', { key: 'light', dangerouslySetInnerHTML: lightSheet }),
    // biome-ignore lint/security/noDangerouslySetInnerHtml: Redoc's generated CSS, see above
    createElement('style', { key: 'dark', dangerouslySetInnerHTML: darkSheet }),
  )
}
