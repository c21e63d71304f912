// Webpack loader for two small files of Docusaurus' client code, so that hydrating a page on a
// phone costs less (issue 18). Each edit must match exactly once: when Docusaurus changes these
// files, the build fails here instead of silently losing the change.
// - theme-common's useShallowMemoObject sorted an object's keys with localeCompare. The first
//   localeCompare of a page creates the browser's ICU collator (20–40 ms in Chromium, four times
//   that on a slow phone), and every page calls it while it hydrates (code blocks' word-wrap
//   observer, the mobile sidebar). The keys only need a stable order: plain string comparison.
// - The window size, which every page sets right after hydration ('ssr' → 'mobile' on a phone,
//   which unmounts the desktop sidebar and table of contents), is set in a transition: React
//   renders it in slices it can interrupt for the reader's input, instead of one long task.
//   (Core's `isBrowser` flag stays an ordinary update: the search page reads its query only
//   once the flag is set, and a later flag made it drop the query from the address.)
const { replaceOnce } = require('./replace-once.cjs')

const EDITS = [
  {
    file: /theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
    replace: [
      [
        'deps.sort((a, b) => a[0].localeCompare(b[0]));',
        'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
      ],
    ],
  },
  {
    file: /theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/,
    replace: [
      ["import { useEffect, useState } from 'react';", "import { startTransition, useEffect, useState } from 'react';"],
      [
        'setWindowSize(getWindowSize(desktopBreakpoint));',
        'startTransition(() => setWindowSize(getWindowSize(desktopBreakpoint)));',
      ],
    ],
  },
]

module.exports = function themeTweaksLoader(source) {
  const edit = EDITS.find((e) => e.file.test(this.resourcePath))
  if (!edit) return source
  let out = source
  for (const [from, to] of edit.replace) out = replaceOnce(out, from, to, `"${from}" in ${this.resourcePath}`)
  return out
}
