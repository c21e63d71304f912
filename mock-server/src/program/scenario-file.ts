import { readFile } from 'node:fs/promises'
import { parse as parseYaml } from 'yaml'
import { scenarioToYaml } from '../scenario/scenario-yaml.js'
import { parseScenario } from '../emulator.js'
import { defaultScenario } from '../scenario/index.js'
import { CliUsageError } from './cli-args.js'

/** Read a scenario file: `.json` as JSON, anything else as YAML (a superset of JSON). */
export async function readScenarioFile(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8')
  if (path.toLowerCase().endsWith('.json')) return JSON.parse(text)
  return parseYaml(text)
}

/**
 * `--print-scenario`: the scenario the server would start with, as YAML — the embedded
 * default, or the given one with `extends: default` resolved. A starting point to copy.
 */
export function scenarioYaml(scenario: unknown): string {
  try {
    return scenarioToYaml(scenario === undefined ? defaultScenario() : parseScenario(scenario))
  } catch (e) {
    throw new CliUsageError(`invalid scenario: ${(e as Error).message}`)
  }
}
