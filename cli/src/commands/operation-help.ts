import { errorCatalogue } from '../generated/errors.js'
import type { OperationInfo } from '../generated/operations.js'
import { optionText, rightsText } from './labels.js'
import { exampleCommand } from './operation-example.js'

/** The help text after the flags: rights, option, paging, error codes. */
export function operationHelpAfter(info: OperationInfo): string {
  const lines = [
    '',
    `権限: ${rightsText(info.rights)}`,
    `オプション: ${optionText(info.option)}`,
  ]
  if (info.pageStep !== null) lines.push(`ページ: offset を ${info.pageStep} 件ずつ進めます（--all ですべてのページ）`)
  if (info.responseType === 'text') lines.push(`応答: ${info.responseContentTypes.join(', ')}（そのまま出力します）`)
  lines.push('エラーコード:')
  const width = Math.max(...info.errors.map((c) => c.length))
  for (const code of info.errors) lines.push(`  ${code.padEnd(width)}  ${errorCatalogue[code].name}`)
  lines.push('', `例: ${exampleCommand(info)}`, `    krs ${info.name.replace(/_/g, '-')} --body @request.json`)
  return `${lines.join('\n')}\n`
}
