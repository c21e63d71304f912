// Webpack loader for @docusaurus/theme-classic's SiteMetadata (server and client builds).
// Docusaurus writes on every page `<link rel="alternate" hreflang>` links to each locale's
// address, made from the site's `url`. The site has one locale, so they only repeat the page's
// address; and without a configured site URL (KRS_SITE_URL) that address is the placeholder
// http://127.0.0.1:4010 on every page. They are left out: an empty JSX expression, since the
// element sits among JSX children, where a bare `null` is text shown at the top of every page.
// Must match exactly once.
const { replaceOnce } = require('./replace-once.cjs')

module.exports = function themeClassicLoader(source) {
  return replaceOnce(source, '<AlternateLangHeaders />', '{null}', `"<AlternateLangHeaders />" in ${this.resourcePath}`)
}
