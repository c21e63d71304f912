// The search worker's last ordering step (loaded into the search plugin's worker.js by
// search-plugin.cjs). lunr ranks by term statistics: a long page that names every operation
// (the CLI reference) outranks the operation itself for かいいん, and for 配信予約 the operation
// whose summary contains the words in that order (配信予約の取り消し) outranks the one whose summary
// says it (配信の予約). An operation's documents carry their search keys (`k`: name, summary,
// reading; plugins/search-site-routes), and here they come first: an exact match of a key, then
// a key that contains the query, then everything else, each in lunr's order. A page stays
// together with the results under it.

/** What a query and a key are compared as: NFKC, lower case, hiragana, no spaces, no の. */
export function searchKeyForm(text) {
  return String(text)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[\sの・]/g, '')
}

/** 0: a key of the result's operation is the query; 1: a key contains it; 2: no key matches. */
export function keyMatch(document, query) {
  const keys = Array.isArray(document?.k) ? document.k.map(searchKeyForm) : []
  if (query === '' || keys.length === 0) return 2
  if (keys.includes(query)) return 0
  return keys.some((k) => k.includes(query)) ? 1 : 2
}

/**
 * Reorders the worker's results in place (after the plugin's own sortSearchResults): each
 * page with the results under it moves as one block, ranked by its best result.
 */
export function rankOperationsFirst(results, input) {
  const query = searchKeyForm(input)
  const blockOf = (r) => (r.page ? r.page.i : r.document.i)
  const best = new Map()
  for (const r of results) {
    const b = blockOf(r)
    best.set(b, Math.min(best.get(b) ?? 2, keyMatch(r.document, query)))
  }
  const order = new Map(results.map((r, i) => [r, i]))
  results.sort((a, b) => best.get(blockOf(a)) - best.get(blockOf(b)) || order.get(a) - order.get(b))
  return results
}
