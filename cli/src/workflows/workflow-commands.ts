import type { Command } from 'commander'
import type { CliIo } from '../io.js'

const group = 'ワークフロー:'

/** `krs wait`, `krs members`, `krs deliveries`: the sequences users otherwise script. */
export function addWorkflowCommands(program: Command, io: CliIo): void {
  const wait = program.command('wait').description('配信やバッチ処理の完了を待つ（端末では進捗を表示）').helpGroup(group)
  wait
    .command('delivery')
    .description('配信が指定のフェーズ（既定 3 引き渡し終了）になるまで get_delivery_status を繰り返す')
    .argument('<delivery-id>', '配信ID')
    .option('--phase <0-3>', '待つフェーズ（既定 3）')
    .option('--interval <seconds>', '問い合わせの間隔（秒、既定 30：ドキュメントの推奨値）')
    .option('--timeout <seconds>', 'この時間で諦める（終了コード 3）')
    .action(async (id: string, _o: unknown, cmd: Command) => (await import('./wait-actions.js')).waitDelivery(id, cmd, io))
  wait
    .command('batch-job')
    .description('バッチ処理の進捗が 100 になるまで get_batch_job_status を繰り返す')
    .argument('<batch-job-id>', 'バッチジョブID')
    .option('--interval <seconds>', '問い合わせの間隔（秒、既定 30）')
    .option('--timeout <seconds>', 'この時間で諦める（終了コード 3）')
    .action(async (id: string, _o: unknown, cmd: Command) => (await import('./wait-actions.js')).waitBatchJob(id, cmd, io))

  const members = program.command('members').description('会員データのエクスポートとインポート').helpGroup(group)
  members
    .command('export')
    .description('export_members → 完了を待つ → 結果ファイルをダウンロード')
    .option('--table <id>', 'データベースID（必須）')
    .option('--condition <id>', '抽出条件ID（既定 1：全員）', '1')
    .option('--columnset <id>', '項目セットID（既定 1：すべての項目）', '1')
    .option('--tsv', 'CSV ではなく TSV で書き出す')
    .option('--out <file>', '保存先（省略または - で標準出力）')
    .option('--interval <seconds>', '問い合わせの間隔（秒、既定 30）')
    .option('--timeout <seconds>', 'この時間で諦める（終了コード 3）')
    .action(async (_o: unknown, cmd: Command) => (await import('./members-export.js')).membersExport(cmd, io))
  members
    .command('import')
    .description('upload_stored_files → import_members → 完了を待つ → 処理結果を表示')
    .option('--table <id>', 'データベースID（必須）')
    .option('--file <file>', 'インポートする CSV/TSV ファイル（UTF-8、50 MB 未満、必須）')
    .option('--mode <0-3>', 'インポートモード（0 登録のみ、1 登録と更新、2 更新のみ、3 任意のキーによる更新。既定 0）')
    .option('--interval <seconds>', '問い合わせの間隔（秒、既定 30）')
    .option('--timeout <seconds>', 'この時間で諦める（終了コード 3）')
    .action(async (_o: unknown, cmd: Command) => (await import('./members-import.js')).membersImport(cmd, io))

  const deliveries = program.command('deliveries').description('配信の予約').helpGroup(group)
  deliveries
    .command('send')
    .description('add_delivery_schedule で通常配信を予約する')
    .option('--message <id>', 'メール文面ID（必須）')
    .option('--condition <id>', '抽出条件ID（既定 1：全員）', '1')
    .option('--element <id>', '送信先のメールアドレス項目ID（必須）')
    .option('--at <time>', '配信日時：UNIX 秒、ISO 8601（2025-04-01T09:00:00+09:00）、now（必須）')
    .option('--title <title>', '配信予約の名前（既定 "krs deliveries send <日時>"）')
    .option('--blacklist', 'ブラックリストのアドレスを除く')
    .option('--wait', '予約の後、引き渡し終了（フェーズ 3）まで待つ')
    .option('--interval <seconds>', '--wait の問い合わせ間隔（秒、既定 30）')
    .action(async (_o: unknown, cmd: Command) => (await import('./deliveries-send.js')).deliveriesSend(cmd, io))
}
