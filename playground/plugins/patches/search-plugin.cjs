// Webpack loader for two client files of the search plugin (@easyops-cn/docusaurus-search-local),
// for what it has no option for. Each edit must match exactly once (replaceOnce).
// - SearchPage.jsx: the page's content in a <main> landmark.
// - SearchBar.jsx: the box's accessible name is a fixed English "Search"; screen readers read
//   the site's Japanese instead. After every page change (and once when the bar mounts) it
//   writes the page's highlighted words into the box, an empty text on most pages: that erased
//   what the reader had begun to type while the bar loaded. The box is left alone while it has
//   the focus and there are no words to show.
// - worker.js (the search itself, for the navbar box and /search alike):
//   - the query is NFKC-normalised first, so that half-width kana (ｶｲｲﾝ) and full-width
//     letters and digits (Ｆ０１０２) find what their usual forms find;
//   - the operations whose name, summary or its reading match the query come first, exact
//     matches before the others (search-ranking.js);
//   - a query that is an error code (F0102, KR_API_F0102) lists the error catalogue's pages
//     (/errors/…) first: they explain the code, while the CLI reference and the API reference
//     only mention it. The search collects up to 100 hits for such a query, so that the
//     catalogue is among them, and cuts to the asked number after the reordering.
const { replaceOnce } = require('./replace-once.cjs')

const EDITS = [
  {
    // /search is the one page without a main landmark: its results go in one.
    file: /[\\/]theme[\\/]SearchPage[\\/]SearchPage\.jsx$/,
    replace: [['<SearchPageContent />', '<main><SearchPageContent /></main>']],
  },
  {
    file: /[\\/]theme[\\/]SearchBar[\\/]SearchBar\.jsx$/,
    replace: [
      ['aria-label="Search"', 'aria-label="サイト内検索"'],
      [
        'setInputValue(keywords.join(" "));\n            search.current?.autocomplete.setVal(keywords.join(" "));',
        'if (keywords.length !== 0 || searchBarRef.current !== document.activeElement) {\n' +
          '                setInputValue(keywords.join(" "));\n' +
          '                search.current?.autocomplete.setVal(keywords.join(" "));\n' +
          '            }',
      ],
    ],
  },
  {
    file: /[\\/]theme[\\/]worker\.js$/,
    replace: [
      [
        'async search(baseUrl, searchContext, input, limit) {',
        'async search(baseUrl, searchContext, input, limit) {\n' +
          '        input = String(input).normalize("NFKC");\n' +
          '        const krsAsked = limit;\n' +
          '        const krsCode = /^\\s*(?:KR_API_)?[A-Z]\\d{4}\\s*$/i.test(input);\n' +
          '        if (krsCode) limit = Math.max(limit, 100);',
      ],
      [
        'import { sortSearchResults } from "../utils/sortSearchResults";',
        'import { sortSearchResults } from "../utils/sortSearchResults";\n' +
          `import { rankOperationsFirst as krsRankOperationsFirst } from ${JSON.stringify(require.resolve('./search-ranking.js'))};`,
      ],
      [
        'sortSearchResults(results);',
        'sortSearchResults(results);\n' +
          '        krsRankOperationsFirst(results, input);\n' +
          '        if (krsCode) {\n' +
          '            const krsCatalogue = (r) => (/^\\/errors(\\/|$)/.test(r.document.u) ? 0 : 1);\n' +
          '            results.sort((a, b) => krsCatalogue(a) - krsCatalogue(b));\n' +
          '            results.splice(krsAsked);\n' +
          '        }',
      ],
    ],
  },
]

module.exports = function searchPluginLoader(source) {
  const edit = EDITS.find((e) => e.file.test(this.resourcePath))
  if (!edit) return source
  let out = source
  for (const [from, to] of edit.replace) out = replaceOnce(out, from, to, `"${from}" in ${this.resourcePath}`)
  return out
}
