import type { AccountOption, Right } from '@krs-kit/contract/operations'
import { t } from '../i18n/lang.js'

/** Names of the rights and account options (help and the reference page), in the current language. */
export function rightLabel(r: Right): string {
  return t(`rights.${r}`)
}

export function optionLabel(o: AccountOption): string {
  return t(`option.${o}`)
}

export function rightsText(rights: readonly Right[]): string {
  return rights.length === 0 ? t('rights.none') : rights.map(rightLabel).join(t('list.sep'))
}

export function optionText(option: AccountOption | null): string {
  return option === null ? t('option.none') : optionLabel(option)
}
