import { Prism } from 'prism-react-renderer'

// Prism's language files extend the `Prism` global when they are evaluated: make it
// prism-react-renderer's instance first (this module is imported before them).
;(globalThis as { Prism?: unknown }).Prism = Prism
