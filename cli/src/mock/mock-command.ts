import type { Command } from 'commander'
import type { CliIo } from '../io.js'

const group = 'エミュレータ:'

/** `krs mock [options]` runs the emulator; its subcommands drive the admin API (/__mock/). */
export function addMockCommand(program: Command, io: CliIo): void {
  const admin = () => import('./mock-admin-actions.js')
  const mock = program
    .command('mock')
    .description('エミュレータ（krs-mock）をこのプロセスで動かす。サブコマンドは管理 API（/__mock/）を呼ぶ')
    .helpGroup(group)
    .option('--host <host>', '待ち受けるアドレス（既定 127.0.0.1）')
    .option('--port <n>', 'ポート（既定 4010、0 で空いているポート）')
    .option('--scenario <file>', 'シナリオファイル（JSON または YAML）')
    .option('--seed <n>', '生成データの seed（既定 1）')
    .option('--members <n>', '生成する会員数')
    .option('--clock <mode>', '時計 real|manual（既定 real）')
    .option('--data-dir <dir>', '状態を保存するフォルダ')
    .option('--static <dir>', 'API 以外の GET に、このフォルダのファイルを返す')
    .option('--admin-remote', 'ループバック以外からの管理 API も受け付ける')
    .option('--quiet', 'リクエストごとのログを出さない')
    .action(async (_o: unknown, cmd: Command) => (await import('./run-mock.js')).runMock(cmd, io))

  const clock = mock
    .command('clock')
    .description('エミュレータの時計を表示する（GET /__mock/clock）')
    .action(async (_o: unknown, cmd: Command) => (await admin()).clockShow(cmd, io))
  clock
    .command('advance')
    .description('時計を進める（期限の来た処理をすべて実行する）')
    .argument('<seconds>', '進める秒数')
    .action(async (s: string, _o: unknown, cmd: Command) => (await admin()).clockAdvance(s, cmd, io))
  clock
    .command('set')
    .description('時計を設定する（UNIX 秒または ISO 8601）')
    .argument('<time>', '日時')
    .action(async (t: string, _o: unknown, cmd: Command) => (await admin()).clockSet(t, cmd, io))
  clock
    .command('mode')
    .description('時計のモードを切り替える')
    .argument('<mode>', 'real | manual')
    .action(async (m: string, _o: unknown, cmd: Command) => (await admin()).clockMode(m, cmd, io))
  mock
    .command('reset')
    .description('テナントをシナリオの状態に戻す（POST /__mock/reset）')
    .option('--seed <n>', '生成データの seed')
    .option('--members <n>', '生成する会員数')
    .action(async (_o: unknown, cmd: Command) => (await admin()).reset(cmd, io))
  mock
    .command('outbox')
    .description('配信が送るメール（宛先と本文）を表示する（GET /__mock/outbox）')
    .argument('<delivery-id>', '配信ID')
    .option('--offset <n>', '開始位置')
    .option('--limit <n>', '件数（既定 100）')
    .action(async (id: string, _o: unknown, cmd: Command) => (await admin()).outbox(id, cmd, io))
  const tenant = mock.command('tenant').description('テナント（独立した環境）を扱う')
  tenant
    .command('new')
    .description('新しいテナントを作り、ID とトークンを表示する（POST /__mock/tenants）')
    .option('--seed <n>', '生成データの seed')
    .option('--members <n>', '生成する会員数')
    .option('--clock <mode>', '時計 real|manual')
    .option('--save <profile>', '接続先とトークン（krs-all）をこのプロファイルに保存する')
    .action(async (_o: unknown, cmd: Command) => (await admin()).tenantNew(cmd, io))
}
