import type { Command } from 'commander'
import type { ConnectionFlags } from '../config/resolve-connection.js'

/** The options every command accepts (defined once, on the program). */
export interface GlobalOptions extends ConnectionFlags {
  output?: string
  query?: string
  all?: boolean
  dryRun?: boolean
  body?: string
}

/** Global options that take a value: their value is never the command name. */
export const valueOptions = new Set(['--token', '--env-id', '--base-url', '--profile', '--output', '-o', '--query', '-q'])

export function addGlobalOptions(program: Command): void {
  program
    .option('--token <token>', 'API トークン（環境変数 KRS_API_TOKEN、設定ファイルより優先）')
    .option('--env-id <id>', '環境ID（https://krs.bz/{環境ID}/api/v1/...、環境変数 KRS_ENV_ID）')
    .option('--base-url <url>', '接続先（エミュレータなど。--env-id より優先、環境変数 KRS_BASE_URL）')
    .option('--profile <name>', '設定ファイルのプロファイル（環境変数 KRS_PROFILE）')
    .option('-o, --output <format>', '出力形式 json|yaml|table|csv（既定 json：端末では整形、パイプでは1行）')
    .option('-q, --query <jmespath>', 'JMESPath で結果の一部を取り出す')
    .option('--all', 'ページのある操作で、すべてのページをたどって結合する')
    .option('--dry-run', '送信せずに、リクエストを curl コマンドとして表示する（トークンは伏せる）')
}

export function connectionFlags(g: GlobalOptions): ConnectionFlags {
  return { token: g.token, envId: g.envId, baseUrl: g.baseUrl, profile: g.profile }
}
