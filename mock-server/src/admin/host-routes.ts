import { adminError, adminJson } from '../kernel/admin-response.js'
import type { AdminRoutes } from '../kernel/admin-request.js'
import { EMULATOR_VERSION } from '../kernel/version.js'

/**
 * `GET /__mock/health` → `{ ready, version, uptime_seconds, tenants }`: what a CI script or a
 * container health check polls before it starts. No token needed.
 */
export const healthRoutes: AdminRoutes = {
  GET: (r) =>
    adminJson(200, {
      ready: true,
      version: EMULATOR_VERSION,
      uptime_seconds: Math.max(0, Math.floor((r.host.now() - r.host.startedAt) / 1000)),
      tenants: r.host.tenants(),
    }),
}

/**
 * `POST /__mock/shutdown` → 202 `{ "shutting_down": true }`, then the host saves its state and
 * exits 0 (krs-mock). Only from a loopback address, even with `--admin-remote`: stopping the
 * server is for the machine it runs on. A door without a host to stop answers 501.
 */
export const shutdownRoutes: AdminRoutes = {
  POST: (r) => {
    const stop = r.host.shutdown
    if (!stop)
      return adminError(
        501,
        'not_available',
        'this emulator has no process to stop (MSW or in-process); stop it from its own code',
      )
    if (r.raw.fromLoopback !== true)
      return adminError(403, 'forbidden', 'POST /__mock/shutdown is answered only from a loopback address')
    // After the answer is written (the Node door writes at the end of this turn).
    setTimeout(stop, 0)
    return adminJson(202, { shutting_down: true })
  },
}
