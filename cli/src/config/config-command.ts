import type { Command } from 'commander'
import type { CliIo } from '../io.js'

const group = '設定:'

/** `krs config set|get|list|use`: the profile file; tokens are always shown masked. */
export function addConfigCommand(program: Command, io: CliIo): void {
  const config = program.command('config').description('設定ファイル（プロファイル）を扱う').helpGroup(group)
  const impl = () => import('./config-actions.js')
  config
    .command('set')
    .description('プロファイルに値を保存する（token、env-id、base-url）')
    .argument('<key>', 'token | env-id | base-url')
    .argument('<value>', '値（- で標準入力から読む：トークンをシェルの履歴に残さない）')
    .action(async (key: string, value: string, _o: unknown, cmd: Command) => (await impl()).configSet(key, value, cmd, io))
  config
    .command('unset')
    .description('プロファイルから値を消す')
    .argument('<key>', 'token | env-id | base-url')
    .action(async (key: string, _o: unknown, cmd: Command) => (await impl()).configUnset(key, cmd, io))
  config
    .command('get')
    .description('プロファイルの値を表示する（トークンは伏せる）')
    .argument('<key>', 'token | env-id | base-url')
    .action(async (key: string, _o: unknown, cmd: Command) => (await impl()).configGet(key, cmd, io))
  config
    .command('list')
    .description('すべてのプロファイルと、いま使われる接続先を表示する（トークンは伏せる）')
    .action(async (_o: unknown, cmd: Command) => (await impl()).configList(cmd, io))
  config
    .command('use')
    .description('既定のプロファイルを切り替える')
    .argument('<profile>', 'プロファイル名')
    .action(async (name: string, _o: unknown, cmd: Command) => (await impl()).configUse(name, cmd, io))
  config
    .command('path')
    .description('設定ファイルの場所を表示する')
    .action(async () => (await impl()).configPathCommand(io))
}
