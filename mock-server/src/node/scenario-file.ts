import { readFile } from 'node:fs/promises'
import { parse as parseYaml } from 'yaml'

/** Read a scenario file: `.json` as JSON, anything else as YAML (a superset of JSON). */
export async function readScenarioFile(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8')
  if (path.toLowerCase().endsWith('.json')) return JSON.parse(text)
  return parseYaml(text)
}
