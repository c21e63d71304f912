// Redoc as a chunk of its own, loaded when /api's reference comes alive in the browser. The
// server build replaces this module by redoc-loader.server.ts (plugins/lean-main-bundle): the
// page is rendered with the whole reference, never with a pending boundary.
import { lazy } from 'react'

export const loadRedoc = () => import(/* webpackChunkName: "redoc" */ '@theme-original/Redoc')

export default lazy(loadRedoc)
