import { t } from '../i18n/lang.js'
import { resolve } from 'node:path'
import { UsageError } from '../exit-codes.js'
import type { CliIo } from '../io.js'
import type { FlagSpec } from './flag-spec.js'
import { parseFlagValue } from './parse-flag-value.js'

/** `--body`: inline JSON, `@file.json`, or `-` for stdin. It must be a JSON object. */
export async function readBodyArgument(arg: string, io: CliIo): Promise<Record<string, unknown>> {
  let text: string
  let where: string
  if (arg === '-') {
    text = await io.readStdin()
    where = 'stdin'
  } else if (arg.startsWith('@')) {
    const file = arg.slice(1)
    try {
      // node:fs/promises on use only: every API command loads this module.
      text = await (await import('node:fs/promises')).readFile(resolve(io.cwd, file), 'utf8')
    } catch (e) {
      throw new UsageError(
        t('err.cannotRead', { name: '--body', file, why: (e as NodeJS.ErrnoException).code ?? (e as Error).message }),
      )
    }
    where = file
  } else {
    text = arg
    where = 'the argument'
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new UsageError(t('err.invalidJsonIn', { name: '--body', file: where, why: (e as Error).message }))
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new UsageError(t('err.bodyNotObject', { where }))
  }
  return json as Record<string, unknown>
}

/** The request body: `--body` first, then each given flag on top of it. */
export async function buildBody(
  specs: readonly FlagSpec[],
  values: ReadonlyMap<string, string | boolean>,
  bodyArg: string | undefined,
  io: CliIo,
): Promise<Record<string, unknown>> {
  const body = bodyArg === undefined ? {} : await readBodyArgument(bodyArg, io)
  for (const spec of specs) {
    const raw = values.get(spec.key)
    if (raw === undefined) continue
    body[spec.key] = await parseFlagValue(spec, raw, io.cwd)
  }
  return body
}
