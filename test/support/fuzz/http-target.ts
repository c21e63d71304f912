import type { Tenant } from '../tenant.js'
import type { FuzzCase } from './mutations.js'
import type { FuzzTarget } from './run-fuzz.js'

/**
 * The fuzzer over real HTTP, straight to krs-mock (not through Prism: Prism would refuse the
 * invalid requests itself with 422 and never forward them). The tenant's state is read with
 * GET /__mock/snapshot (without `clock.wall_ms`, the export's wall time).
 */
export function httpTarget(t: Tenant): FuzzTarget {
  const token = t.tokens['krs-all']!
  return {
    token,
    async send(c: FuzzCase) {
      const hasBody = c.method !== 'GET' && c.method !== 'HEAD'
      const res = await fetch(`${t.mockUrl}${c.path}`, {
        method: c.method,
        headers: c.headers,
        ...(hasBody ? { body: c.bodyText } : {}),
      })
      return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() }
    },
    async snapshot() {
      const snap = (await t.admin('GET', 'snapshot')).json as { clock: Record<string, unknown> }
      delete snap.clock.wall_ms
      return JSON.stringify(snap)
    },
    async reset() {
      const r = await t.admin('POST', 'reset', {})
      if (r.status !== 200) throw new Error(`reset answered ${r.status}`)
    },
  }
}
