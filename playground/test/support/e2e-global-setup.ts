import { ensureSiteBuilt } from './site-build.js'

// The `playground-e2e` project's global setup: the site is built once, before any browser file
// starts. The files then run in parallel and only read playground/build (site-url.e2e builds
// its second site into a folder of its own).
export default function setup(): void {
  ensureSiteBuilt()
}
