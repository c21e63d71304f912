// The site's extra languages are registered by src/theme/prism-languages.ts, imported by the
// CodeBlock wrapper (in the server and the browser build alike), so that Prism and the
// languages load with the code block's chunk, not with main.js; nothing to add here.
export default function prismIncludeLanguages(): void {}
