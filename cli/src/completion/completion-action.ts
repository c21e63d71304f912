import { UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'
import { bashScript, fishScript, powershellScript, zshScript } from './completion-scripts.js'

const scripts: Record<string, () => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
  powershell: powershellScript,
  pwsh: powershellScript,
}

export function printCompletion(shell: string, io: CliIo): void {
  const script = Object.hasOwn(scripts, shell) ? scripts[shell] : undefined
  if (!script) throw new UsageError(t('err.shell', { value: shell }))
  io.stdout(script())
}
