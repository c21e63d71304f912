import { t } from '../i18n/lang.js'
import { resolve } from 'node:path'
import { UsageError } from '../exit-codes.js'
import type { FlagSpec } from './flag-spec.js'

const INTEGER = /^-?\d+$/

/** Reads `@file.json` (relative to cwd) or parses JSON text; the message names the flag. */
export async function readJsonArgument(text: string, flagName: string, cwd: string): Promise<unknown> {
  let source = text
  let where = ''
  if (text.startsWith('@')) {
    const file = resolve(cwd, text.slice(1))
    try {
      // node:fs/promises on use only: every API command loads this module.
      source = await (await import('node:fs/promises')).readFile(file, 'utf8')
    } catch (e) {
      throw new UsageError(
        t('err.cannotRead', {
          name: flagName,
          file: text.slice(1),
          why: (e as NodeJS.ErrnoException).code ?? (e as Error).message,
        }),
      )
    }
    where = text.slice(1)
  }
  try {
    return JSON.parse(source)
  } catch (e) {
    throw new UsageError(
      where
        ? t('err.invalidJsonIn', { name: flagName, file: where, why: (e as Error).message })
        : t('err.invalidJson', { name: flagName, why: (e as Error).message }),
    )
  }
}

/** Turns the text of one flag into the JSON value its schema expects. */
export async function parseFlagValue(spec: FlagSpec, raw: string | boolean, cwd: string): Promise<unknown> {
  const name = `--${spec.flag}`
  if (typeof raw === 'boolean') {
    if (spec.kind === 'boolean') return raw
    throw new UsageError(t('err.needsValue', { name }))
  }
  if (spec.nullable && raw === 'null') return null
  switch (spec.kind) {
    case 'integer': {
      const n = Number(raw)
      if (!INTEGER.test(raw.trim()) || !Number.isSafeInteger(n))
        throw new UsageError(t('err.integer', { name, value: raw }))
      return n
    }
    case 'number': {
      const n = Number(raw)
      if (raw.trim() === '' || !Number.isFinite(n)) throw new UsageError(t('err.number', { name, value: raw }))
      return n
    }
    case 'boolean':
      if (raw === 'true' || raw === '1') return true
      if (raw === 'false' || raw === '0') return false
      throw new UsageError(t('err.boolean', { name, value: raw }))
    case 'string':
      return raw
    case 'json':
      if (spec.acceptsString && !raw.startsWith('@')) {
        try {
          return JSON.parse(raw)
        } catch {
          return raw
        }
      }
      return readJsonArgument(raw, name, cwd)
  }
}
