import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Docusaurus lists a page's scripts from the client manifest that react-loadable-ssr-addon
 * writes (`.docusaurus/client-manifest.json`): the entry point's files plus those of every
 * module the page rendered on the server, looked up by the module's request ("@theme/DocItem",
 * "@site/docs/intro.mdx"). With webpack 5 the add-on keys the manifest by chunk name instead
 * (the registry's "17896441"), so no route chunk is ever found and the HTML names only
 * runtime~main.js and main.js: main.js then inserts the route's chunks one by one as it starts.
 * This adds the registry's module requests as keys beside the chunk names (same chunk ids), so
 * that each page lists its own chunks (see ssr-template.ts for how they start).
 */
export function addModuleKeys(generatedDir: string): number {
  const manifestFile = join(generatedDir, 'client-manifest.json')
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { origins: Record<string, number[]> }
  const registry = readFileSync(join(generatedDir, 'registry.js'), 'utf8')
  // "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", ...]
  const entry = /^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "[^"]+"\), "([^"]+)",/gm
  const entries = [...registry.matchAll(entry)]
  // A Docusaurus that writes its registry differently must fail the build, not quietly leave
  // every page without its chunks.
  if (entries.length === 0)
    throw new Error(`lean-main-bundle: no route module found in ${join(generatedDir, 'registry.js')}`)
  let added = 0
  for (const [, chunkName, request] of entries) {
    const ids = manifest.origins[chunkName!]
    if (!ids || manifest.origins[request!]) continue
    manifest.origins[request!] = ids
    added++
  }
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2))
  return added
}
