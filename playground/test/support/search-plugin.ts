// The site's local search plugin (@easyops-cn/docusaurus-search-local) set up for a test the
// way the site sets it up: its options from docusaurus.config.ts, its generated constants in a
// work folder, and its client query code (tokenize, smartQueries, sortSearchResults) bundled
// with esbuild against those constants. lunr and lunr-languages stay external, so the client and
// the plugin's index builder share one lunr instance.
import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import siteConfig from '../../docusaurus.config.js'
import searchWithSiteRoutes from '../../plugins/search-site-routes/index.js'

const searchPluginPackage = createRequire(import.meta.url).resolve('@easyops-cn/docusaurus-search-local/package.json')
/** `require` from inside the plugin's package (its dist/ modules, its lunr). */
export const searchPluginRequire = createRequire(searchPluginPackage)
const searchPluginDir = path.dirname(searchPluginPackage)

export interface QueryTerm {
  value: string
  presence: number
  wildcard: number
  editDistance?: number
}
export interface LunrIndex {
  query(fn: (query: { term(value: string, options: object): void }) => void): { ref: string }[]
}
/** The plugin's client code, as its search worker runs it. */
export interface SearchClient<Result = unknown> {
  tokenize(input: string, language: string[]): string[]
  smartQueries(tokens: string[], zhDictionary: string[]): { term: QueryTerm[] }[]
  sortSearchResults(results: Result[]): void
  lunr: { Index: { load(json: unknown): LunrIndex } }
  constants: { language: string[] }
}

/** The plugin's options in docusaurus.config.ts (the site runs it through plugins/search-site-routes). */
export function searchThemeOptions(): Record<string, unknown> {
  const entry = (siteConfig.themes ?? []).find(
    (theme) =>
      Array.isArray(theme) && (theme[0] === '@easyops-cn/docusaurus-search-local' || theme[0] === searchWithSiteRoutes),
  )
  if (!Array.isArray(entry)) throw new Error('docusaurus.config.ts has no @easyops-cn/docusaurus-search-local theme')
  return entry[1] as Record<string, unknown>
}

/**
 * The plugin's processed options for a site in `siteDir`, with its generated constants written
 * there, and its client code bundled against them.
 */
export async function setUpSearchPlugin<Result = unknown>(
  siteDir: string,
): Promise<{ config: Record<string, unknown> & { language: string[] }; client: SearchClient<Result> }> {
  // processPluginOptions resolves docsDir/blogDir against the site dir and warns if absent.
  await mkdir(path.join(siteDir, 'docs'), { recursive: true })
  await mkdir(path.join(siteDir, 'blog'), { recursive: true })
  const { validateOptions } = searchPluginRequire('./dist/server/server/utils/validateOptions.js')
  const { processPluginOptions } = searchPluginRequire('./dist/server/server/utils/processPluginOptions.js')
  const { generate } = searchPluginRequire('./dist/server/server/utils/generate.js')
  const validated = validateOptions({
    options: searchThemeOptions(),
    validate: (schema: { validate(value: unknown): { value: unknown; error?: Error } }, options: unknown) => {
      const { value, error } = schema.validate(options)
      if (error) throw error
      return value
    },
  })
  const config = processPluginOptions(validated, {
    siteDir,
    siteConfig: { themeConfig: siteConfig.themeConfig ?? {} },
  })
  generate(config, siteDir)

  const { build } = await import('esbuild')
  const lunrPath = searchPluginRequire.resolve('lunr')
  const utils = (name: string) => JSON.stringify(path.join(searchPluginDir, `dist/client/client/utils/${name}.js`))
  const bundle = path.join(siteDir, 'client.cjs')
  await build({
    stdin: {
      contents: [
        `export { tokenize } from ${utils('tokenize')}`,
        `export { smartQueries } from ${utils('smartQueries')}`,
        `export { sortSearchResults } from ${utils('sortSearchResults')}`,
        `export * as constants from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js'`,
        `import lunr from 'lunr'`,
        'export { lunr }',
      ].join('\n'),
      resolveDir: siteDir,
      loader: 'js',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: bundle,
    logLevel: 'silent',
    plugins: [
      {
        name: 'search-plugin-modules',
        setup(b) {
          b.onResolve({ filter: /^@generated\// }, () => ({ path: path.join(siteDir, 'generated-constants.js') }))
          b.onResolve({ filter: /^lunr$/ }, () => ({ path: lunrPath, external: true }))
          b.onResolve({ filter: /[\\/]node_modules[\\/]lunr(-languages)?[\\/]/ }, (a) => ({
            path: a.path,
            external: true,
          }))
        },
      },
    ],
  })
  return { config, client: createRequire(import.meta.url)(bundle) as SearchClient<Result> }
}
