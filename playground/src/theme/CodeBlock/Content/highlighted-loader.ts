// The highlighted lines as a chunk of their own, loaded when a block must render itself in
// the browser. The server build replaces this module by highlighted-loader.server.ts
// (plugins/lean-main-bundle): the pages are rendered with their highlighted code, never with
// the loading fallback.
import { lazy } from 'react'

export default lazy(() => import('./highlighted'))
