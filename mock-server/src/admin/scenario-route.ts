import { scenarioToYaml } from '../scenario/scenario-yaml.js'
import { adminJson } from '../kernel/admin-response.js'
import type { AdminRoutes } from '../kernel/admin-request.js'

const YAML_TYPES = /\b(application|text)\/(x-)?yaml\b/i

/**
 * `GET /__mock/scenario` → the caller tenant's scenario, complete (an `extends: default`
 * scenario comes back merged): YAML when the `Accept` header asks for `application/yaml`
 * (or `text/yaml`), JSON otherwise. `krs mock scenario dump` writes it to start a scenario
 * file from; loading it again (`--scenario`, `POST /__mock/reset`) rebuilds the same tenant.
 */
export const scenarioRoutes: AdminRoutes = {
  GET: (r) => {
    const scenario = r.tenant.scenario
    if (YAML_TYPES.test(r.raw.header('accept') ?? '')) {
      return {
        status: 200,
        headers: { 'content-type': 'application/yaml; charset=utf-8' },
        body: scenarioToYaml(scenario),
        operation: 'admin',
        errorCode: null,
        tenantId: null,
      }
    }
    return adminJson(200, scenario)
  },
}
