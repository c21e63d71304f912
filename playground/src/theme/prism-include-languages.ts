// The site's extra languages are registered by src/theme/prism-languages.ts, imported by the
// CodeBlock wrapper (in the server and the browser build alike); nothing to add here.
import '../theme/prism-languages'

export default function prismIncludeLanguages(): void {}
