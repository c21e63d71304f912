// Stands in for redoc-loader.ts in the server build (plugins/lean-main-bundle): Redoc imported
// directly, so the static page contains the reference.
import Redoc from '@theme-original/Redoc'

export const loadRedoc = async () => ({ default: Redoc })

export default Redoc
