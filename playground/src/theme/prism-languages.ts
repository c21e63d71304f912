/**
 * The site's extra Prism languages (bash/sh, php, http), registered on prism-react-renderer's
 * instance when this module is imported. Imported by the code block's highlighted lines
 * (CodeBlock/Content/highlighted.tsx), so the server render and the browser highlight code the
 * same way: Docusaurus' own loader (a client module) only ran in the browser, so those blocks
 * were plain in the server HTML and highlighted in the browser, and React threw the server HTML
 * away (hydration error #418).
 * Static imports run in order: the global is set before the language files read it.
 */
import './prism-global'
import 'prismjs/components/prism-bash'
import 'prismjs/components/prism-markup-templating'
import 'prismjs/components/prism-php'
import 'prismjs/components/prism-http'

export const prismLanguages = ['bash', 'php', 'http'] as const
