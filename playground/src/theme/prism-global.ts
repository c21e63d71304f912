import { Prism } from 'prism-react-renderer'

// Prism's language files extend the `Prism` global when they are evaluated: make it
// prism-react-renderer's instance first (this module is imported before them). Redoc's theme
// may have set `Prism.manual` on the global already (no automatic highlighting): kept.
const previous = (globalThis as { Prism?: { manual?: boolean } }).Prism
if (previous?.manual) (Prism as { manual?: boolean }).manual = true
;(globalThis as { Prism?: unknown }).Prism = Prism
