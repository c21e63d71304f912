// Webpack loader for Redoc's bundle: its menu footer loads the Redocly logo from
// cdn.redoc.ly after mount. The site works offline and must log no failed request, so the
// logo comes from the site itself (static/img/redocly-logo-mini.svg).
module.exports = function redocOfflineLoader(source) {
  return source.split('https://cdn.redoc.ly/redoc/logo-mini.svg').join('/img/redocly-logo-mini.svg')
}
