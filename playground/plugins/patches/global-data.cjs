// Webpack loader for Docusaurus' generated globalData.json, which is part of main.js and so
// of every page's first load. Redocusaurus' plugin puts the whole converted OpenAPI document
// there (about 220 KB of JSON, 450 KB once escaped into the script), for Redoc's MDX embeds
// (ApiDocMdx, ApiSchema, ApiOperation read it through useSpecData). The site uses none of
// them: /api gets the document from its own route module (createData). So the document is
// dropped from the global data; the rest (its download URL and theme id) stays.
// Applied to the server and the client build alike, so that hydration sees the same data.
// A redocusaurus that keeps its document elsewhere fails the build here: main.js would carry it
// again without a word otherwise.
module.exports = function leanGlobalDataLoader(source) {
  const data = JSON.parse(source)
  let dropped = 0
  for (const instance of Object.values(data['docusaurus-plugin-redoc'] ?? {})) {
    if (instance && typeof instance === 'object' && 'spec' in instance) {
      delete instance.spec
      dropped++
    }
  }
  if (dropped === 0)
    throw new Error(
      "dependency patch global-data.cjs: no OpenAPI document under globalData['docusaurus-plugin-redoc'][id].spec (see plugins/patches/README.md)",
    )
  return JSON.stringify(data)
}
