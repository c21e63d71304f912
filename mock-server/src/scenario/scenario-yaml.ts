import { stringify } from 'yaml'

/**
 * A scenario as YAML text (`krs-mock --print-scenario`, `GET /__mock/scenario` with
 * `Accept: application/yaml`). Long lists stay in block style, short flat objects in flow
 * style, so the default scenario reads like the examples of the README.
 */
export function scenarioToYaml(scenario: unknown): string {
  return stringify(scenario, { lineWidth: 0, flowCollectionPadding: true, aliasDuplicateObjects: false })
}
