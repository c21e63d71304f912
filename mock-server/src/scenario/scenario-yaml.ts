import { yaml } from './yaml-package.js'

/**
 * A scenario as YAML text (`krs-mock --print-scenario`, `GET /__mock/scenario` with
 * `Accept: application/yaml`). Long lists stay in block style, short flat objects in flow
 * style, so the default scenario reads like the examples of the README.
 */
export function scenarioToYaml(scenario: unknown): string {
  return yaml.get().stringify(scenario, { lineWidth: 0, flowCollectionPadding: true, aliasDuplicateObjects: false })
}
