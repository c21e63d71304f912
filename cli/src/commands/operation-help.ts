import type { ErrorCode } from '@krs-kit/contract/errors'
import type { OperationInfo } from '@krs-kit/contract/operations'
import { t } from '../i18n/lang.js'
import { displayWidth } from '../output/display-width.js'
import { optionText, rightsText } from './labels.js'
import { exampleCommand } from './operation-example.js'

/** The help text after the flags: rights, option, paging, error codes. */
export function operationHelpAfter(info: OperationInfo, errorNames: Partial<Record<ErrorCode, string>>): string {
  const lines = [
    '',
    t('op.rights', { rights: rightsText(info.rights) }),
    t('op.option', { option: optionText(info.option) }),
  ]
  if (info.pageStep !== null) lines.push(t('op.paging', { step: info.pageStep }))
  if (info.responseType === 'text') lines.push(t('op.text', { types: info.responseContentTypes.join(', ') }))
  lines.push(t('op.errors'))
  const width = Math.max(...info.errors.map((c) => c.length))
  for (const code of info.errors) lines.push(`  ${code.padEnd(width)}  ${errorNames[code] ?? ''}`)
  const example = t('op.example')
  lines.push(
    '',
    `${example} ${exampleCommand(info)}`,
    `${' '.repeat(displayWidth(example) + 1)}krs ${info.name.replace(/_/g, '-')} --body @request.json`,
  )
  return `${lines.join('\n')}\n`
}
