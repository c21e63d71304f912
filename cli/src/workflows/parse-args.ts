import { t } from '../i18n/lang.js'
import { UsageError } from '../exit-codes.js'

/** A positive integer ID given to a workflow flag or argument. */
export function idArgument(name: string, text: string | undefined): number {
  if (text === undefined) throw new UsageError(t('err.required', { name }))
  const n = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1)
    throw new UsageError(t('err.positiveInteger', { name, value: text }))
  return n
}
