/**
 * The HTML template of every page (Docusaurus' `ssrTemplate`): Docusaurus' own template, read
 * from @docusaurus/core and changed in two checked places (replaceOnce: a Docusaurus that
 * writes its template differently fails the build), except for how the scripts start.
 *
 * Docusaurus writes `<script defer>` for runtime~main.js and main.js. When they arrive before
 * the browser has painted the server-rendered page (a fast network, a slow phone), the browser
 * runs them first: main.js's start-up and the beginning of hydration (about 0.5 s of script on a
 * mid-range phone) come before the reader sees anything. Here the scripts are fetched as early
 * as before (`<link rel="preload">`, at the low priority deferred scripts get) and started, in
 * order, once the page has been painted (the first `paint` performance entry), or at once when
 * the page is not visible or the browser does not report paints; a timer starts them anyway
 * after three seconds (a loaded machine can take a second to show its first frame). Hydration then starts one frame later at most; until then the page is the
 * server's HTML, whose links work as plain links.
 *
 * The route's own chunks (its components and data; `client-manifest.ts` makes Docusaurus list
 * them) start after main.js: main.js finds their `<script>` elements in place (webpack reuses
 * them rather than inserting its own while main.js starts), and the route's modules are
 * evaluated once they have run, in a task of their own. (Run before main.js, they made its
 * start-up task longer.) Only runtime~main.js and main.js are preloaded, as Docusaurus' deferred
 * scripts were: preloading the chunks too delayed the page's first layout on a slow connection.
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { replaceOnce } = require('./replace-once.cjs') as {
  replaceOnce: (source: string, pattern: string, replacement: string, what: string) => string
}

/** Docusaurus' `<script defer>` per script, in its template. */
export const DEFER_SCRIPTS = `    <% it.scripts.forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>
`

/** runtime~main.js and main.js preloaded, every script listed for the starter below. */
const PRELOAD_SCRIPTS = `    <% const entry = (s) => /(^|\\/)(runtime~)?main\\.[0-9a-f]+\\.js$/.test(s); %>
    <% const entries = it.scripts.filter(entry).sort((a, b) => (a.includes('runtime~') ? -1 : 0) - (b.includes('runtime~') ? -1 : 0)); %>
    <% const chunks = it.scripts.filter((s) => !entry(s)); %>
    <% const scripts = entries.concat(chunks); %>
    <% entries.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
`

export const BODY_END = `    <%~ it.postBodyTags %>
  </body>`

/** Starts the scripts, in order, on the first paint (3 s at the latest). */
const START_SCRIPTS = `    <%~ it.postBodyTags %>
    <script>!function(){var d=document,u=<%~ JSON.stringify(scripts.map((s) => it.baseUrl + s)) %>,started=!1;function start(){if(!started){started=!0;for(var i=0;i<u.length;i++){var s=d.createElement("script");s.src=u[i];s.async=!1;d.head.appendChild(s)}}}var P=window.PerformanceObserver;if(d.visibilityState!=="visible"||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)start();else{new P(function(l,o){o.disconnect();start()}).observe({type:"paint",buffered:!0});setTimeout(start,3e3);d.addEventListener("visibilitychange",start)}}()</script>
  </body>`

/** The site's template made from Docusaurus' `template`; throws when it no longer fits. */
export function lateStartTemplate(template: string): string {
  const what = (part: string) => `${part} in Docusaurus' HTML template (@docusaurus/core/lib/ssg/ssgTemplate.html.js)`
  const preloaded = replaceOnce(template, DEFER_SCRIPTS, PRELOAD_SCRIPTS, what('the deferred scripts'))
  return replaceOnce(preloaded, BODY_END, START_SCRIPTS, what('the end of <body>'))
}

export const ssrTemplate = lateStartTemplate(
  (require('@docusaurus/core/lib/ssg/ssgTemplate.html.js') as { default: string }).default,
)
