// For the site's webpack loaders that patch code of its dependencies (Redoc, Docusaurus'
// theme): a patch applies exactly once, so that an upgrade which changes that code fails the
// build instead of losing the patch without a word.

/**
 * `source` with `pattern` (a literal string, or a RegExp whose `$1`… the replacement may use)
 * replaced; throws unless it occurs exactly once. `what` names it in the error.
 */
function replaceOnce(source, pattern, replacement, what) {
  const count =
    typeof pattern === 'string'
      ? source.split(pattern).length - 1
      : (source.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? []).length
  if (count !== 1) throw new Error(`expected one ${what}, found ${count}`)
  return typeof pattern === 'string' ? source.replace(pattern, () => replacement) : source.replace(pattern, replacement)
}

module.exports = { replaceOnce }
