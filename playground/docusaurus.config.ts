import type { Config } from '@docusaurus/types'
import type * as Preset from '@docusaurus/preset-classic'
import type * as Redocusaurus from 'redocusaurus'
import { themes as prismThemes } from 'prism-react-renderer'
import { externalLinks } from './site-links'
import { playgroundRoutes } from './playground-routes'
import { readableTheme } from './prism-contrast'
import { installPartTokenizer } from './plugins/patches/lunr-tokenizer'

// API names and error codes are also indexed by their parts (member, F0116): see plugins/patches/lunr-tokenizer.ts.
installPartTokenizer()
import remarkSearchReadings from './plugins/search-readings'
import remarkOperationLinks from './plugins/operation-links'
import remarkJapaneseLineBreaks from './plugins/japanese-line-breaks'
import { changelogPostsPlugin } from './plugins/changelog-posts'
import { leanMainBundle } from './plugins/lean-main-bundle'
import { ssrTemplate } from './plugins/patches/ssr-template'
import { dependencyPatches } from './plugins/patches'
import { sizeBudget } from './plugins/size-budget'
import searchWithSiteRoutes from './plugins/search-site-routes'

/**
 * Where the site is published (KRS_SITE_URL, e.g. https://docs.example.com). Docusaurus needs
 * an absolute URL; when none is given, the pages' canonical and og:url follow the origin the
 * page is served from (src/theme/SiteMetadata), never this placeholder.
 */
const siteUrl = process.env.KRS_SITE_URL?.replace(/\/+$/, '')

/** Sends a page asked for by an old path form to its clean path (same rules as krs-mock's). */
const LEGACY_PATH_REDIRECT =
  "!function(){var l=location,p=l.pathname,c=p.replace(/\\/index\\.html$/i,'/').replace(/\\.html$/i,'').replace(/\\/+$/,'')||'/';c!==p&&l.replace(c+l.search+l.hash)}()"

/** The krs-kit documentation site: Japanese only, docs at /, history blog at /history, the API reference (Redoc) at /api. */
const config: Config = {
  title: 'KREISEL JSON API ドキュメント（krs-kit）',
  tagline: '会員データベースとメール配信の JSON API を学び、試すためのサイト',
  favicon: 'img/favicon.svg',
  url: siteUrl ?? 'http://127.0.0.1:4010',
  customFields: { siteUrlConfigured: siteUrl !== undefined },
  baseUrl: '/',
  trailingSlash: false,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } },
  i18n: { defaultLocale: 'ja', locales: ['ja'] },
  // Colour mode: light, dark or system (following the OS), kept in localStorage under
  // "theme" and synced across tabs by Docusaurus. The seed wants light by default, while
  // Docusaurus' 3-way toggle starts at "system": store "light" once on the first visit,
  // before Docusaurus' own theme script reads it.
  headTags: [
    // Old links (`/a.html`, `/a/index.html`, `/a/`) go to the clean path before anything
    // renders: the client router does not know those forms and crashed on them. (krs-mock's
    // static server answers them 301 itself; this covers any other host.)
    {
      tagName: 'script',
      attributes: {},
      innerHTML: LEGACY_PATH_REDIRECT,
    },
    {
      tagName: 'script',
      attributes: {},
      innerHTML:
        "try{if(localStorage.getItem('krs-colour-mode-initialised')===null){localStorage.setItem('krs-colour-mode-initialised','1');if(localStorage.getItem('theme')===null)localStorage.setItem('theme','light')}}catch(e){}",
    },
  ],
  // Rspack, SWC and Lightning CSS (@docusaurus/faster) instead of webpack, Babel and cssnano:
  // the clean build's figures with each are in bench/README.md. KRS_SITE_BUNDLER=webpack builds
  // with webpack (the bench's baseline, and a way back if Rspack ever breaks a patch). The HTML
  // is minified as before: SWC's HTML minifier drops attribute quotes, which the site's own
  // checks of its pages read.
  future: {
    v4: { removeLegacyPostBuildHeadAttribute: true },
    faster:
      process.env.KRS_SITE_BUNDLER === 'webpack'
        ? false
        : {
            swcJsLoader: true,
            swcJsMinimizer: true,
            swcHtmlMinimizer: false,
            lightningCssMinimizer: true,
            mdxCrossCompilerCache: true,
            rspackBundler: true,
            rspackPersistentCache: true,
            ssgWorkerThreads: true,
            gitEagerVcs: true,
          },
  },
  // Scripts start once the page has been painted, the route's chunks named in the HTML
  // (plugins/patches/ssr-template.ts). The base-URL banner's inline check runs at
  // DOMContentLoaded, before the scripts have started, so it is off (baseUrl is always /).
  ssrTemplate,
  baseUrlIssueBanner: false,
  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          breadcrumbs: true,
          // Each mention of an operation (`add_member`) links to /api and its playground page; a
          // source line break between Japanese characters leaves no space; kana readings of
          // kanji words, hidden, so that search finds 配信 from はいしん or ハイシン.
          remarkPlugins: [remarkOperationLinks, remarkJapaneseLineBreaks, remarkSearchReadings],
        },
        blog: {
          routeBasePath: 'history',
          path: 'blog',
          blogTitle: '変更履歴',
          blogDescription: 'krs-kit の変更履歴（対象とする API バージョンごと）',
          blogSidebarTitle: 'すべての変更履歴',
          blogSidebarCount: 'ALL',
          postsPerPage: 'ALL',
          sortPosts: 'descending',
          showReadingTime: false,
          feedOptions: { type: null },
          tags: 'tags.yml',
          onInlineTags: 'throw',
          onUntruncatedBlogPosts: 'ignore',
          remarkPlugins: [remarkJapaneseLineBreaks, remarkSearchReadings],
        },
        theme: { customCss: './src/css/custom.css' },
        // /sitemap.xml, with the addresses of the configured site URL (KRS_SITE_URL; without it,
        // npm start's default address). The search page and the not-found page are not content.
        sitemap: { ignorePatterns: ['/search', '/404'] },
      } satisfies Preset.Options,
    ],
    [
      'redocusaurus',
      {
        specs: [
          {
            id: 'json-api',
            spec: '.generated/openapi.json',
            // No route of its own: /api is src/pages/api.tsx, an index of the operations first
            // and this Redoc once the reader opens it (the route's props would be the whole contract).
            url: '/openapi.json',
            // The download link stays relative to the page's origin (not siteConfig.url).
            normalizeUrl: false,
          },
        ],
        theme: {
          primaryColor: '#1f6f50',
          // Redoc's dark theme derives links, constraints (">= 1") and active menu items from the
          // primary colour: a light green keeps them at 4.5:1 or more on its dark backgrounds.
          primaryColorDark: '#4cc38a',
          // Redoc's theme object (both modes). Contrast (WCAG AA): inline code darker than Redoc's
          // #e53935, through a CSS variable that dark mode sets in custom.css (Redoc uses this
          // colour in its CSS only, never in colour arithmetic); the samples' panel darker, so that the
          // JSON numbers and booleans reach 4.5:1. Long sample lines wrap instead of scrolling
          // sideways (a scrolling panel would need to be focusable).
          theme: {
            typography: { code: { color: 'var(--krs-redoc-code-color, #a31515)', wrap: true } },
            codeBlock: { backgroundColor: '#0d1117' },
          },
          options: {
            hideDownloadButton: false,
            // Redoc's own search box is English ("Search...") and its index splits words at
            // spaces, so it found nothing for 配信; the navbar's search indexes every operation of
            // /api with Japanese word splitting, and is the one search of the site.
            disableSearch: true,
            expandResponses: '200',
            jsonSampleExpandLevel: 3,
            labels: {
              enum: '列挙値',
              enumSingleValue: '値',
              enumArray: '要素',
              default: '既定値',
              deprecated: '非推奨',
              example: '例',
              examples: '例',
              recursive: '再帰',
              arrayOf: '配列: ',
              webhook: 'イベント',
              const: '値',
              noResultsFound: '該当する結果はありません',
              download: 'ダウンロード',
              downloadSpecification: 'スキーマファイルのダウンロード',
              responses: 'レスポンス',
              callbackResponses: 'コールバックのレスポンス',
              requestSamples: 'リクエストの例',
              responseSamples: 'レスポンスの例',
            },
          },
        },
      } satisfies Redocusaurus.PresetEntry[1],
    ],
  ],
  plugins: [
    // /history: the krs-kit release posts, written from the packages' CHANGELOG.md files
    // (Changesets) into blog/krs-kit-releases/ before the blog reads its folder.
    changelogPostsPlugin,
    // /playground/{api_name}: one statically generated page per operation (deep links work on a static host).
    playgroundRoutes,
    // main.js without Redoc's OpenAPI document (only /api needs it) and without Prism (code blocks load it).
    leanMainBundle,
    // Patches of the dependencies' code (plugins/patches/README.md): main.js's weight and
    // start-up, Redoc's styles across hydration, its English texts, its logo and select names.
    dependencyPatches,
    // The build fails when a page's first-load JavaScript grows over its budget. The budgets are
    // the shipped Rspack build's; webpack's output (the bench's baseline) is a few KB larger.
    ...(process.env.KRS_SITE_BUNDLER === 'webpack' ? [] : [sizeBudget]),
    // This package is "type": "module", so webpack would parse Docusaurus' generated
    // .docusaurus/*.js as strict ESM and leave `require.resolveWeak` unresolved
    // (TypeError at static generation). Parse those files as auto (CJS + ESM) instead.
    () => ({
      name: 'krs-generated-modules-as-auto',
      configureWebpack: () => ({
        module: { rules: [{ test: /[\\/]\.docusaurus[\\/].*\.js$/, type: 'javascript/auto' }] },
      }),
    }),
    // The server build runs in Node, and this package is "type": "module": with SWC (Rspack)
    // the server build keeps import() and so has chunk files, which Node would load as ES
    // modules (every page rendered "exports is not defined in ES module scope"). As .cjs they
    // load as the CommonJS they are.
    () => ({
      name: 'krs-server-chunks-cjs',
      configureWebpack: (_config: unknown, isServer: boolean) =>
        isServer ? { output: { chunkFilename: '[name].[contenthash:8].cjs' } } : {},
    }),
    // The server build turns every import() into require() (Docusaurus' babel preset), so the
    // playground's `import(/* webpackIgnore */ url)` of its runtime reaches webpack as a
    // require of an expression and warns "Critical dependency". Pages never load the runtime
    // while they are rendered on the server (only the browser calls loadRuntime), so exactly
    // that warning of that module is dropped, in the server build only.
    () => ({
      name: 'krs-runtime-import-on-server',
      configureWebpack: (_config: unknown, isServer: boolean) =>
        isServer
          ? {
              ignoreWarnings: [
                {
                  module: /[\\/]src[\\/]components[\\/]playground[\\/]runtime-loader\.ts$/,
                  message: /^Critical dependency: the request of a dependency is an expression$/,
                },
              ],
            }
          : {},
    }),
  ],
  themes: [
    [
      // @easyops-cn/docusaurus-search-local, with /api and the playground pages added to its index.
      searchWithSiteRoutes,
      {
        hashed: true,
        language: ['ja', 'en'],
        indexDocs: true,
        indexBlog: true,
        indexPages: false,
        docsRouteBasePath: '/',
        blogRouteBasePath: '/history',
        searchResultLimits: 8,
        searchBarShortcut: true,
        searchBarShortcutKeymap: 'mod+k',
        searchBarShortcutHint: true,
        highlightSearchTermsOnTargetPage: true,
        explicitSearchResultPath: true,
      },
    ],
  ],
  themeConfig: {
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    navbar: {
      title: 'KREISEL JSON API',
      logo: { alt: 'krs-kit', src: 'img/favicon.svg', width: 32, height: 32 },
      items: [
        // Short labels: the navbar fits on one line from the desktop breakpoint (997 px) up.
        { type: 'docSidebar', sidebarId: 'jsonApi', label: 'ドキュメント', position: 'left' },
        { to: '/api', label: 'API リファレンス', position: 'left' },
        { type: 'docSidebar', sidebarId: 'soap', label: 'SOAP API', position: 'left' },
        { to: '/history', label: '変更履歴', position: 'left' },
        { to: '/playground', label: 'プレイグラウンド', position: 'left' },
        { type: 'search', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'ドキュメント',
          items: [
            { label: '変更履歴', to: '/history' },
            { label: 'API リファレンス', to: '/api' },
          ],
        },
        {
          title: 'KREISEL',
          items: [
            { label: '製品サイト', href: externalLinks.productSite },
            { label: 'マニュアルサポートサイト', href: externalLinks.manualSupportSite },
          ],
        },
        {
          title: '運営',
          items: [
            { label: '運営会社', href: externalLinks.operatingCompany },
            { label: 'テックラボ', href: externalLinks.techLabs },
          ],
        },
      ],
      copyright:
        'krs-kit（MIT License）。KREISEL はトライコーン株式会社のサービスです。このサイトは krs-kit の開発者向け資料です。',
    },
    // Token colours raised to WCAG AA contrast on each theme's background (prism-contrast.ts).
    prism: {
      theme: readableTheme(prismThemes.github),
      darkTheme: readableTheme(prismThemes.dracula),
      additionalLanguages: ['php', 'bash', 'json', 'http'],
    },
    docs: { sidebar: { hideable: false } },
  } satisfies Preset.ThemeConfig,
}

export default config
