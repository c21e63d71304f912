// Stands in for @docusaurus/theme-classic's client module `prism-include-languages`, which
// imports prism-react-renderer into main.js (Prism and its bundled languages evaluated on
// every page, about a third of main.js's start-up work) only to call the site's
// `@theme/prism-include-languages`, which does nothing here: the site's extra languages are
// registered by the CodeBlock wrapper (src/theme/prism-languages.ts), so Prism now comes with
// the code block's own chunk, on the pages that show code.
export {}
