import { ensureSiteBuilt } from './site-build.js'

// The `playground-e2e` project's global setup: the site is built once, before any browser file
// starts, when it is missing or older than its sources (a build left from before an edit would
// test the old site). The files then run in parallel and only read playground/build (site-url.e2e
// builds its second site into a folder of its own).
export default function setup(): void {
  ensureSiteBuilt({ rebuildStale: true })
}
