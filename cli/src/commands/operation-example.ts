import type { OperationInfo } from '@krs-kit/contract/operations'
import { operationFlags } from './operation-flags.js'

/** A placeholder string that fits the pattern, for schemas without examples. */
function sampleString(pattern: string | undefined): string {
  const candidates = ['e_4', 'a@example.com', '1', 'abc']
  if (pattern === undefined) return '...'
  return candidates.find((c) => new RegExp(pattern, 'u').test(c)) ?? '...'
}

function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}

/**
 * An example call with flags, from the request schema's first example (or its required keys);
 * `values` replaces some of them (a call that sets up what another example uses).
 */
export function exampleCommand(info: OperationInfo, values: Readonly<Record<string, unknown>> = {}): string {
  const schema = info.requestSchema as { examples?: unknown[] }
  const example = (Array.isArray(schema.examples) ? schema.examples[0] : undefined) as
    | Record<string, unknown>
    | undefined
  const parts = [`krs ${info.name.replace(/_/g, '-')}`]
  for (const f of operationFlags(info)) {
    let value: unknown = values[f.key] ?? example?.[f.key] ?? (f.required ? f.example : undefined)
    if (value === undefined) {
      if (!f.required) continue
      value =
        f.kind === 'integer' || f.kind === 'number'
          ? (f.minimum ?? 0)
          : f.kind === 'boolean'
            ? true
            : (f.enumValues?.[0] ?? (f.kind === 'json' ? {} : sampleString(f.pattern)))
    }
    parts.push(`--${f.flag}`, shellWord(typeof value === 'string' ? value : JSON.stringify(value)))
  }
  return parts.join(' ')
}
