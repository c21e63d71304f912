/**
 * The message catalogue: every line of help and every message `krs` writes, in Japanese and
 * English. Both languages come from this one table (`t()` in lang.ts picks one); the
 * contract's own texts (operation summaries and descriptions, error names) stay as they are
 * in both.
 */
export const messages = {
  // The program
  'program.description': {
    ja: 'KREISEL JSON API をシェルから呼び出し、エミュレータを動かす（krs-kit）',
    en: 'Call the KREISEL JSON API from the shell and run its emulator (krs-kit)',
  },
  'program.version': { ja: 'バージョンを表示する', en: 'show the version' },
  'program.help': { ja: 'ヘルプを表示する', en: 'show help' },
  'program.helpCommand': { ja: 'コマンドのヘルプを表示する', en: 'show help for a command' },
  'program.after': {
    ja: 'API のコマンドは kebab-case の別名でも呼べます（krs get-member-tables）。\n各コマンドの引数・権限・エラーコード: krs <command> --help',
    en: 'API commands also answer to a kebab-case alias (krs get-member-tables).\nFlags, rights and error codes of a command: krs <command> --help',
  },
  'program.exitCodes': { ja: '終了コード:', en: 'Exit codes:' },
  'exit.0': { ja: '成功', en: 'success' },
  'exit.1': {
    ja: 'API のエラー、管理 API のエラー、インポートで失敗した行がある',
    en: 'an API error, an admin API error, or an import with failed rows',
  },
  'exit.2': {
    ja: '使い方の誤り（不明なコマンドやフラグ、契約に合わない値、不正な URL・期間・日時、設定の不足）',
    en: 'usage: unknown command or flag, a value the contract refuses, a bad URL, duration or time, missing configuration',
  },
  'exit.3': {
    ja: '接続できない、またはタイムアウト（待機が --timeout までに終わらない）',
    en: 'network error or timeout (a wait that did not finish within --timeout)',
  },
  'exit.4': {
    ja: '待機が進まない：エミュレータの時計が manual（--advance-clock で進める）',
    en: 'a wait cannot progress: the emulator clock is manual (--advance-clock moves it)',
  },
  'exit.70': { ja: 'krs の内部エラー（不具合として報告してください）', en: 'internal error in krs (please report it)' },
  'exit.130': { ja: '中断された（Ctrl-C）', en: 'interrupted (Ctrl-C)' },
  'help.usage': { ja: '使い方:', en: 'Usage:' },
  'help.options': { ja: 'オプション:', en: 'Options:' },
  'help.globalOptions': { ja: '全体のオプション:', en: 'Global Options:' },
  'help.commands': { ja: 'コマンド:', en: 'Commands:' },
  'help.arguments': { ja: '引数:', en: 'Arguments:' },
  'group.workflows': { ja: 'ワークフロー:', en: 'Workflows:' },
  'group.emulator': { ja: 'エミュレータ:', en: 'Emulator:' },
  'group.settings': { ja: '設定:', en: 'Settings:' },
  'group.api': { ja: 'API（{title}）:', en: 'API ({title}):' },

  // Global options
  'opt.token': {
    ja: 'API トークン（環境変数 KRS_API_TOKEN、設定ファイルより優先）',
    en: 'API token (wins over KRS_API_TOKEN and the profile file)',
  },
  'opt.envId': {
    ja: '環境ID（https://krs.bz/{環境ID}/api/v1/...、環境変数 KRS_ENV_ID）',
    en: 'environment ID (https://krs.bz/<id>/api/v1/..., KRS_ENV_ID)',
  },
  'opt.baseUrl': {
    ja: '接続先（エミュレータなど。--env-id より優先、環境変数 KRS_BASE_URL）',
    en: 'server to call (an emulator, ...; wins over --env-id; KRS_BASE_URL)',
  },
  'opt.profile': {
    ja: '設定ファイルのプロファイル（環境変数 KRS_PROFILE）',
    en: 'profile of the profile file (KRS_PROFILE)',
  },
  'opt.output': {
    ja: '出力形式 json|yaml|table|csv（既定 json：端末では整形、パイプでは1行）',
    en: 'output format json|yaml|table|csv (default json: pretty on a terminal, one line when piped)',
  },
  'opt.errorFormat': {
    ja: 'エラーの書き方 text|json（既定は -o json のとき json、それ以外は text）。json は error_code・error_desc・message・request_id・status を持つ1行を標準エラーに書く',
    en: 'how errors are written: text|json (default json with -o json, else text); json writes one line with error_code, error_desc, message, request_id and status on stderr',
  },
  'err.badErrorFormat': {
    ja: '--error-format は text か json です（"{value}"）',
    en: '--error-format must be text or json (got "{value}")',
  },
  'err.requestId': { ja: '（リクエストID {id}）', en: ' (request id {id})' },
  'opt.query': { ja: 'JMESPath で結果の一部を取り出す', en: 'pick part of the result with JMESPath' },
  'opt.raw': {
    ja: '文字列を引用符なしで出力する（配列は1行に1つ）',
    en: 'print strings without quotes (arrays one item a line)',
  },
  'opt.all': {
    ja: 'ページのある操作で、すべてのページをたどって結合する',
    en: 'follow every page of a paged operation and join them',
  },
  'opt.dryRun': {
    ja: '送信せずに、リクエストを curl コマンドとして表示する（トークンは $KRS_API_TOKEN と表示）',
    en: 'print the request as a curl command instead of sending it (the token as $KRS_API_TOKEN)',
  },
  'opt.showToken': { ja: '--dry-run でトークンをそのまま表示する', en: 'with --dry-run, print the token itself' },
  'opt.timeout': {
    ja: '1 回の呼び出しのタイムアウト（90s、2m など。待機するワークフローでは待つ時間の上限、終了コード 3）',
    en: 'timeout of one call (90s, 2m, ...; for waiting workflows, how long to wait at most, exit code 3)',
  },
  'opt.verbose': {
    ja: 'リクエスト・ステータス・時間・リクエスト ID を標準エラーに表示する',
    en: 'print each request, its status, time and request id on stderr',
  },
  'opt.lang': {
    ja: 'ヘルプとメッセージの言語 ja|en（既定は LC_ALL / LANG から）',
    en: 'language of help and messages ja|en (default from LC_ALL / LANG)',
  },
  'opt.body': {
    ja: 'リクエスト本文全体（JSON、@ファイル、- で標準入力）。個別のフラグが優先',
    en: 'the whole request body (JSON, @file, - for stdin); single flags win',
  },

  // Operation help
  'op.rights': { ja: '権限: {rights}', en: 'Rights: {rights}' },
  'op.option': { ja: 'オプション: {option}', en: 'Account option: {option}' },
  'op.paging': {
    ja: 'ページ: offset を {step} 件ずつ進めます（--all ですべてのページ）',
    en: 'Paging: offset moves {step} at a time (--all follows every page)',
  },
  'op.text': { ja: '応答: {types}（そのまま出力します）', en: 'Answer: {types} (printed as it is)' },
  'op.errors': { ja: 'エラーコード:', en: 'Error codes:' },
  'op.example': { ja: '例:', en: 'Example:' },
  'op.required': { ja: '必須', en: 'required' },
  'op.range': { ja: '{min}〜{max}', en: '{min} to {max}' },
  'op.min': { ja: '{min} 以上', en: '>= {min}' },
  'op.max': { ja: '{max} 以下', en: '<= {max}' },
  'op.default': { ja: '省略時 {value}', en: 'default {value}' },
  'rights.none': { ja: 'トークンのみ（権限は不要）', en: 'a token only (no right needed)' },
  'rights.all': { ja: '全権限', en: 'all' },
  'rights.work': { ja: '作業', en: 'work' },
  'rights.operation': { ja: '運用', en: 'operation' },
  'rights.reference': { ja: '参照', en: 'reference' },
  'rights.member_data_search': { ja: '会員データ検索', en: 'member data search' },
  'option.none': { ja: 'なし', en: 'none' },
  'option.mail': { ja: 'メール配信オプション', en: 'mail delivery option' },
  'option.forms': { ja: 'フォームオプション', en: 'forms option' },
  'option.posted_images': { ja: '投稿画像オプション', en: 'posted images option' },
  'list.sep': { ja: '、', en: ', ' },

  // Workflows
  'wait.description': {
    ja: '配信やバッチ処理の完了を待つ（端末では進捗を表示）',
    en: 'wait for a delivery or a batch job (progress on a terminal)',
  },
  'wait.delivery': {
    ja: '配信が指定のフェーズ（既定 3 引き渡し終了）になるまで get_delivery_status を繰り返す',
    en: 'poll get_delivery_status until the delivery reaches the phase (default 3, handed over)',
  },
  'wait.batchJob': {
    ja: 'バッチ処理の進捗が 100 になるまで get_batch_job_status を繰り返す',
    en: 'poll get_batch_job_status until the job reaches 100',
  },
  'arg.deliveryId': { ja: '配信ID', en: 'delivery ID' },
  'arg.batchJobId': { ja: 'バッチジョブID', en: 'batch job ID' },
  'opt.phase': { ja: '待つフェーズ（既定 3）', en: 'phase to wait for (default 3)' },
  'opt.interval': {
    ja: '問い合わせの間隔（30s、1m など。既定 30s：ドキュメントの推奨値。エミュレータでは 0.25s）',
    en: 'polling interval (30s, 1m, ...; default 30s as documented, 0.25s against the emulator)',
  },
  'opt.advanceClock': {
    ja: 'エミュレータの時計が manual のとき、問い合わせごとに時計を間隔分だけ進める',
    en: 'when the emulator clock is manual, advance it by the interval at each poll',
  },
  'members.description': { ja: '会員データのエクスポートとインポート', en: 'export and import member data' },
  'members.export': {
    ja: 'export_members → 完了を待つ → 結果ファイルをダウンロード',
    en: 'export_members → wait → download the result file',
  },
  'members.import': {
    ja: 'upload_stored_files → import_members → 完了を待つ → 処理結果を表示（失敗した行があれば終了コード 1）',
    en: 'upload_stored_files → import_members → wait → print the report (exit 1 when a row failed)',
  },
  'opt.table': { ja: 'データベースID（必須）', en: 'member table ID (required)' },
  'opt.condition': { ja: '抽出条件ID（既定 1：全員）', en: 'condition ID (default 1: everyone)' },
  'opt.columnset': { ja: '項目セットID（既定 1：すべての項目）', en: 'column set ID (default 1: every element)' },
  'opt.tsv': { ja: 'CSV ではなく TSV で書き出す', en: 'write TSV instead of CSV' },
  'opt.out': { ja: '保存先（省略または - で標準出力）', en: 'file to write (omitted or -: stdout)' },
  'opt.file': {
    ja: 'インポートする CSV/TSV ファイル（UTF-8、50 MB 未満、必須）',
    en: 'CSV/TSV file to import (UTF-8, under 50 MB, required)',
  },
  'opt.mode': {
    ja: 'インポートモード（0 登録のみ、1 登録と更新、2 更新のみ、3 任意のキーによる更新。既定 0）',
    en: 'import mode (0 add only, 1 add and update, 2 update only, 3 update by any key; default 0)',
  },
  'deliveries.description': { ja: '配信の予約', en: 'schedule deliveries' },
  'deliveries.send': {
    ja: 'add_delivery_schedule で通常配信を予約する',
    en: 'schedule a delivery with add_delivery_schedule',
  },
  'opt.message': { ja: 'メール文面ID（必須）', en: 'mail message ID (required)' },
  'opt.element': { ja: '送信先のメールアドレス項目ID（必須）', en: 'element ID of the address to send to (required)' },
  'opt.at': {
    ja: '配信日時：ISO 8601（2025-04-01T09:00:00+09:00）、UNIX 秒、now、+10m（now と +… はサーバーの時計）（必須）',
    en: 'when: ISO 8601 (2025-04-01T09:00:00+09:00), unix seconds, now, +10m (now and +... use the server clock) (required)',
  },
  'opt.title': {
    ja: '配信予約の名前（既定 "krs deliveries send <日時>"）',
    en: 'name of the schedule (default "krs deliveries send <time>")',
  },
  'opt.blacklist': { ja: 'ブラックリストのアドレスを除く', en: 'leave out blacklisted addresses' },
  'opt.wait': { ja: '予約の後、引き渡し終了（フェーズ 3）まで待つ', en: 'then wait until it is handed over (phase 3)' },
  'progress.upload': { ja: 'アップロード中 {file}', en: 'uploading {file}' },
  'progress.export': { ja: 'エクスポート', en: 'export' },
  'progress.import': { ja: 'インポート', en: 'import' },
  'progress.wait': { ja: '待機中', en: 'waiting' },
  'progress.job': { ja: '{label} バッチジョブ {id}', en: '{label} batch job {id}' },
  'progress.delivery': { ja: '配信 フェーズ {phase} {name}', en: 'delivery phase {phase} {name}' },
  'phase.0': { ja: '配信予約中', en: 'scheduled' },
  'phase.1': { ja: '配信リスト作成中', en: 'building the list' },
  'phase.2': { ja: '引き渡し中', en: 'handing over' },
  'phase.3': { ja: '引き渡し終了', en: 'handed over' },
  'import.done': {
    ja: 'krs: {file} をインポートしました（stored_file_id {stored}、batch_job_id {job}、進捗 {progress}%）\n',
    en: 'krs: imported {file} (stored_file_id {stored}, batch_job_id {job}, progress {progress}%)\n',
  },
  'import.failed': {
    ja: '{file} の {failed} 行が失敗しました（登録 {added}、更新 {updated}）:',
    en: '{failed} row(s) of {file} failed ({added} added, {updated} updated):',
  },
  'import.failedRow': { ja: '  {line} 行目: {message}', en: '  line {line}: {message}' },

  // Waits
  'waitFail.deliveryTimeout': {
    ja: '配信 {id} は {limit} 以内にフェーズ {phase}（{phaseName}）になりませんでした（timed out。最後はフェーズ {last}（{lastName}））',
    en: 'delivery {id} did not reach phase {phase} ({phaseName}) within {limit} (timed out; last seen at phase {last}, {lastName})',
  },
  'waitFail.jobTimeout': {
    ja: 'バッチジョブ {id} は {limit} 以内に完了しませんでした（timed out。最後の進捗 {progress}%）',
    en: 'batch job {id} did not finish within {limit} (timed out; last progress {progress}%)',
  },
  'waitFail.wouldStall': {
    ja: '{what} は終わりません：エミュレータの時計が manual です。何も始めていません。--advance-clock を付けるか、時計を real にしてください: krs mock clock mode real',
    en: '{what} would never finish: the emulator clock is manual. Nothing was started. Add --advance-clock, or switch the clock to real: krs mock clock mode real',
  },
  'resume.job': {
    ja: 'バッチジョブ {id} はサーバーで実行中のままです（バッチジョブは取り消せません）。待って結果を受け取るには: {command}',
    en: 'batch job {id} is still running on the server (a batch job cannot be cancelled); to wait for it and take its result: {command}',
  },
  'resume.delivery': {
    ja: '配信 {id} は予約されたままです。待つには: {command}（取り消すには: {cancel}）',
    en: 'delivery {id} stays scheduled; to wait for it: {command} (to cancel it: {cancel})',
  },
  'opt.resumeJob': {
    ja: '何も始めず、前の実行が残したバッチジョブを待って結果を受け取る',
    en: 'start nothing: wait for this batch job (left by an earlier run) and take its result',
  },
  'waitFail.deliveryManual': {
    ja: '配信 {id} はフェーズ {last}（{lastName}）で、フェーズ {phase}（{phaseName}）に進みません：エミュレータの時計が manual です。--advance-clock を付けるか、時計を進めてください: krs mock clock advance 10m',
    en: 'delivery {id} is at phase {last} ({lastName}) and will not reach phase {phase} ({phaseName}): the emulator clock is manual. Add --advance-clock, or move the clock: krs mock clock advance 10m',
  },
  'waitFail.jobManual': {
    ja: 'バッチジョブ {id} は進捗 {progress}% のまま進みません：エミュレータの時計が manual です。--advance-clock を付けるか、時計を進めてください: krs mock clock advance 10m',
    en: 'batch job {id} stays at {progress}% and will not finish: the emulator clock is manual. Add --advance-clock, or move the clock: krs mock clock advance 10m',
  },

  // Connection and usage errors
  'err.noEnvironment': {
    ja: '接続先がありません: --env-id か --base-url を付けるか、KRS_ENV_ID か KRS_BASE_URL を設定するか、`krs config set env-id <id>` を実行してください',
    en: 'no environment: give --env-id or --base-url, set KRS_ENV_ID or KRS_BASE_URL, or run `krs config set env-id <id>`',
  },
  'err.noToken': {
    ja: 'API トークンがありません: --token を付けるか、KRS_API_TOKEN を設定するか、`krs config set token <token>` を実行してください',
    en: 'no API token: give --token, set KRS_API_TOKEN, or run `krs config set token <token>`',
  },
  'err.badUrl': {
    ja: '{source} は http:// か https:// の URL でなければなりません（"{value}"）',
    en: '{source} must be an http:// or https:// URL (got "{value}")',
  },
  'err.unknownProfile': {
    ja: 'プロファイル "{name}" はありません{suggestion}。既存のプロファイル：{known}（{path}）。作るには：krs config set --profile {name} token <token>',
    en: 'no profile "{name}"{suggestion}. Profiles: {known} ({path}). To create it: krs config set --profile {name} token <token>',
  },
  'err.didYouMean': { ja: '（もしかして {names}？）', en: ' (did you mean {names}?)' },
  'err.badLang': { ja: '--lang は ja か en です（"{value}"）', en: '--lang must be ja or en (got "{value}")' },
  'err.badDuration': {
    ja: '{name} は期間です：90s、10m、1h30m、2d、500ms、または秒数（"{value}"）',
    en: '{name} must be a duration: 90s, 10m, 1h30m, 2d, 500ms, or a number of seconds (got "{value}")',
  },
  'err.badTime': {
    ja: '{name} は日時です：ISO 8601（2025-04-01T09:00:00+09:00、2025-04-01）、UNIX 秒、now、+10m（"{value}"）',
    en: '{name} must be unix seconds, an ISO 8601 time (2025-04-01T09:00:00+09:00, 2025-04-01), now, or +10m (got "{value}")',
  },
  'err.internal': {
    ja: '内部エラー（不具合です。報告してください）: {message}',
    en: 'internal error (a bug in krs, please report it): {message}',
  },
  'err.interrupted': { ja: '中断しました', en: 'interrupted' },
  'scenario.description': { ja: '実環境のシナリオを作る', en: 'scenarios of a real environment' },
  'scenario.pull': {
    ja: '実環境を読み取り専用の呼び出しだけで読み、エミュレータが読み込めるシナリオファイルに書く（ID はそのまま）',
    en: 'read an environment with read-only calls only and write a scenario file the emulator loads (ids kept)',
  },
  'opt.pullMembers': {
    ja: '各データベースから写す会員数（既定 0: 写さない。50 件ずつページで読む）',
    en: 'members to copy from each table (default 0: none; read 50 a page)',
  },
  'opt.anonymize': {
    ja: '写した会員の氏名・アドレス・電話番号・自由記述を faker（ja）の値に置き換える',
    en: 'replace names, addresses, phone numbers and free text of copied members with faker (ja) values',
  },
  'opt.pullOut': {
    ja: '書き出すシナリオファイル（.yaml または .json。-o my-env.yaml でも可）',
    en: 'the scenario file to write (.yaml or .json; -o my-env.yaml works too)',
  },
  'opt.resume': {
    ja: '中断した pull を続ける（出力の隣の状態ファイル <file>.pull-state.jsonl に終わった呼び出しとページを記録している）',
    en: 'continue an interrupted pull (the state file <file>.pull-state.jsonl next to the output records the finished calls and pages)',
  },
  'pull.resumed': {
    ja: '前回終わった {count} 回の呼び出しは送り直しませんでした',
    en: '{count} calls finished by the previous run were not sent again',
  },
  'pull.pulled': { ja: '取得したもの:', en: 'Pulled:' },
  'pull.notPulled': { ja: '取得しなかったもの（理由）:', en: 'Not pulled (why):' },
  'pull.wrote': { ja: '{path} に書きました', en: 'wrote {path}' },
  'err.pullOut': {
    ja: '--out <file>（または -o <file>）で書き出すファイルを指定してください',
    en: '--out <file> (or -o <file>) names the file to write',
  },
  'verify.description': {
    ja: '読み取り専用の呼び出しで実環境の応答を契約の応答スキーマと照合し、--against-emulator ではエミュレータの応答の形とも比べる（差があれば終了コード 1）',
    en: "check the answers of a read-only sweep against the contract's response schemas and, with --against-emulator, against an emulator's answers (exit 1 on any difference)",
  },
  'opt.againstEmulator': {
    ja: '比べるエミュレータ（URL、またはシナリオファイル: その場で起動する）',
    en: 'the emulator to compare with (a URL, or a scenario file: started in process)',
  },
  'opt.emulatorToken': { ja: 'エミュレータのトークン（既定 krs-all）', en: "the emulator's token (default krs-all)" },
  'verify.none': { ja: '差はありません（{calls} 回の呼び出し）', en: 'no difference ({calls} calls)' },
  'verify.found': { ja: '{count} 件の差（{calls} 回の呼び出し）', en: '{count} difference(s) ({calls} calls)' },
  'err.dryRunWorkflow': {
    ja: '--dry-run は単一の操作に使えます。ワークフローには使えません',
    en: '--dry-run applies to single operations, not to workflows',
  },
  'err.notEmulator': {
    ja: '{origin} はエミュレータではありません（--advance-clock はエミュレータの時計を進めます）',
    en: '{origin} is not the emulator (--advance-clock moves the emulator clock)',
  },
  'dryRun.token': {
    ja: '# トークン {masked}: 実行前に export KRS_API_TOKEN=... を設定してください（--show-token で値を表示）',
    en: '# token {masked}: export KRS_API_TOKEN=... before running this (--show-token prints the value)',
  },

  // Usage errors of flags and arguments
  'err.required': { ja: '{name} は必須です', en: '{name} is required' },
  'err.cannotRead': { ja: '{name}: {file} を読めません: {why}', en: '{name}: cannot read {file}: {why}' },
  'err.invalidJson': { ja: '{name}: JSON として正しくありません: {why}', en: '{name}: invalid JSON: {why}' },
  'err.invalidJsonIn': {
    ja: '{name}: {file} の JSON が正しくありません: {why}',
    en: '{name}: invalid JSON in {file}: {why}',
  },
  'err.bodyNotObject': {
    ja: '--body: {where} の本文は JSON のオブジェクトでなければなりません',
    en: '--body: the body in {where} must be a JSON object',
  },
  'err.needsValue': { ja: '{name} には値が必要です', en: '{name} needs a value' },
  'err.integer': { ja: '{name} は整数です（"{value}"）', en: '{name} must be an integer (got "{value}")' },
  'err.number': { ja: '{name} は数値です（"{value}"）', en: '{name} must be a number (got "{value}")' },
  'err.boolean': {
    ja: '{name} は true か false です（"{value}"）',
    en: '{name} must be true or false (got "{value}")',
  },
  'err.integerMin': {
    ja: '{name} は {min} 以上の整数です（"{value}"）',
    en: '{name} must be an integer >= {min} (got "{value}")',
  },
  'err.positiveInteger': {
    ja: '{name} は正の整数です（"{value}"）',
    en: '{name} must be a positive integer (got "{value}")',
  },
  'err.choice': { ja: '{name} は {choices} のどれかです（"{value}"）', en: '{name} must be {choices} (got "{value}")' },
  'err.output': {
    ja: '--output は {choices} のどれかです（"{value}"）',
    en: '--output must be one of {choices} (got "{value}")',
  },
  'err.shell': {
    ja: 'completion: シェルは bash、zsh、fish、powershell のどれかです（"{value}"）',
    en: 'completion: the shell must be bash, zsh, fish or powershell (got "{value}")',
  },
  'err.noPages': { ja: '--all: {name} にはページがありません', en: '--all: {name} has no pages' },
  'err.faultOperation': {
    ja: '--operation は必須です（API 名、またはすべてなら *）',
    en: '--operation is required (an API name, or * for every one)',
  },
  'err.faultWhat': {
    ja: 'faults add: --error-code、--status、--delay のどれかを付けてください',
    en: 'faults add: give --error-code, --status or --delay',
  },
  'err.unknownSetting': {
    ja: '不明な設定 "{name}"（token、env-id、base-url のどれか）',
    en: 'unknown setting "{name}" (one of: token, env-id, base-url)',
  },
  'err.configJson': { ja: '{path} の JSON が正しくありません: {why}', en: '{path} is not valid JSON: {why}' },
  'err.configShape': {
    ja: '{path} は "profiles" を持つオブジェクトでなければなりません',
    en: '{path} must be an object with "profiles"',
  },
  'err.emptyValue': { ja: '{name}: 値が空です', en: '{name}: the value is empty' },
  'err.notSet': { ja: '{name} は設定されていません', en: '{name} is not set' },

  'val.body': { ja: '本文', en: 'the body' },
  'val.required': { ja: '{where} は必須です', en: '{where} is required' },
  'val.notAllowed': { ja: '{where} は使えないキーです', en: '{where} is not an allowed key' },
  'val.unknownKey': {
    ja: '{where}: この操作に "{key}" というキーはありません',
    en: '{where}: unknown key "{key}" for this operation',
  },
  'val.oneOf': { ja: '{where} は {values} のどれかです', en: '{where} must be one of {values}' },
  'val.mismatch': { ja: '本文が契約に合いません', en: 'the body does not match the contract' },

  // Verbose
  'verbose.request': { ja: '> {method} {url}', en: '> {method} {url}' },
  'verbose.response': { ja: '< {status} {ms} ms{id}', en: '< {status} {ms} ms{id}' },

  // The MCP server
  'mcp.description': {
    ja: 'AI アシスタント向けの MCP サーバー（@krs-kit/mcp）を、この接続設定で標準入出力に動かす',
    en: 'run the MCP server for AI assistants (@krs-kit/mcp) on stdio with these connection settings',
  },
  'mcp.allowWrites': {
    ja: '書き込みの API（x-krs-idempotent: false）も送る（既定は読み取りだけ）',
    en: 'also send write operations (x-krs-idempotent: false); default: reads only',
  },
  'mcp.production': {
    ja: '--allow-writes とともに、エミュレータでない接続先（本番）にも書き込む',
    en: 'with --allow-writes: also write to a target that is not the emulator (production)',
  },
  'mcp.http': {
    ja: '標準入出力の代わりに 127.0.0.1 のこのポートで Streamable HTTP（パス /mcp）',
    en: 'Streamable HTTP on 127.0.0.1 at this port (path /mcp) instead of stdio',
  },
  'mcp.maxAnswerBytes': {
    ja: 'これより長い応答を切り詰める（バイト、既定 20000）',
    en: 'cut answers longer than this many bytes (default 20000)',
  },

  // The emulator
  'mock.description': {
    ja: 'エミュレータ（krs-mock）をこのプロセスで動かす。サブコマンドは管理 API（/__mock/）を呼ぶ',
    en: 'run the emulator (krs-mock) in this process; the subcommands call its admin API (/__mock/)',
  },
  'mock.seed': { ja: '生成データの seed（既定 1）', en: 'seed of the generated data (default 1)' },
  'mock.members': { ja: '生成する会員数', en: 'number of members to generate' },
  'mock.from': {
    ja: 'この状態を複製して作る（テナント ID か POST /__mock/templates のテンプレート名。--seed・--members とは併用不可）',
    en: 'fork this state (a tenant id or a template name of POST /__mock/templates; not with --seed or --members)',
  },
  'mock.clock': { ja: '時計 real|manual（既定 real）', en: 'clock real|manual (default real)' },
  'mock.clockShow': {
    ja: 'エミュレータの時計を表示する（GET /__mock/clock）',
    en: 'show the emulator clock (GET /__mock/clock)',
  },
  'mock.clockAdvance': {
    ja: '時計を進める（期限の来た処理をすべて実行する）',
    en: 'advance the clock (runs every transition that falls due)',
  },
  'mock.clockAdvanceArg': { ja: '進める期間（1h、90s、2d、または秒数）', en: 'how far (1h, 90s, 2d, or seconds)' },
  'mock.clockSet': {
    ja: '時計を設定する（ISO 8601、UNIX 秒、+1h）',
    en: 'set the clock (ISO 8601, unix seconds, +1h)',
  },
  'mock.clockSetArg': { ja: '日時', en: 'time' },
  'mock.clockMode': { ja: '時計のモードを切り替える', en: 'switch the clock mode' },
  'mock.reset': {
    ja: 'テナントをシナリオの状態に戻す（POST /__mock/reset）',
    en: 'reset the tenant to its scenario (POST /__mock/reset)',
  },
  'mock.outbox': {
    ja: '配信が送るメール（宛先と本文）を表示する（GET /__mock/outbox）',
    en: 'show the mails a delivery sends (GET /__mock/outbox)',
  },
  'mock.offset': { ja: '開始位置', en: 'first item' },
  'mock.limit': { ja: '件数', en: 'how many' },
  'mock.tenant': { ja: 'テナント（独立した環境）を扱う', en: 'tenants (isolated environments)' },
  'mock.tenantNew': {
    ja: '新しいテナントを作り、ID とトークンを表示する（POST /__mock/tenants）',
    en: 'create a tenant and print its ID and tokens (POST /__mock/tenants)',
  },
  'mock.tenantsList': { ja: 'テナントの一覧（GET /__mock/tenants）', en: 'list the tenants (GET /__mock/tenants)' },
  'mock.tenantsDelete': {
    ja: 'トークンのテナントを削除する（DELETE /__mock/tenants）',
    en: "delete the token's tenant (DELETE /__mock/tenants)",
  },
  'mock.save': {
    ja: '接続先とトークン（krs-all）をこのプロファイルに保存する',
    en: 'save the address and the krs-all token as this profile',
  },
  'mock.journal': {
    ja: 'リクエストジャーナルを表示する（GET /__mock/journal）',
    en: 'show the request journal (GET /__mock/journal)',
  },
  'mock.journalOperation': { ja: 'この API 名の記録だけ', en: 'only the entries of this operation' },
  'mock.journalLimit': { ja: '新しいほうからこの件数だけ', en: 'only this many, newest' },
  'mock.journalClear': {
    ja: 'ジャーナルを消去する（DELETE /__mock/journal）',
    en: 'clear the journal (DELETE /__mock/journal)',
  },
  'mock.faults': {
    ja: '有効な障害注入を表示する（GET /__mock/faults）',
    en: 'list the active faults (GET /__mock/faults)',
  },
  'mock.faultsAdd': { ja: '障害を注入する（POST /__mock/faults）', en: 'inject a fault (POST /__mock/faults)' },
  'mock.faultsClear': { ja: '障害注入をすべて消去する', en: 'clear every fault' },
  'mock.faultOperation': { ja: '対象の API 名（* はすべて、必須）', en: 'operation to break (* for all, required)' },
  'mock.faultErrorCode': {
    ja: '返すエラーコード（KR_API_F0102、KRSKIT_HIGH_LOAD など）',
    en: 'error code to answer (KR_API_F0102, KRSKIT_HIGH_LOAD, ...)',
  },
  'mock.faultStatus': { ja: '返す HTTP ステータス', en: 'HTTP status to answer' },
  'mock.faultDelay': { ja: '応答前の遅延（500ms、2s）', en: 'delay before answering (500ms, 2s)' },
  'mock.faultCount': { ja: '回数（既定 1）', en: 'how many calls (default 1)' },
  'mock.events': {
    ja: '模擬イベントを送る（POST /__mock/events）：click、open、bounce、unsubscribe',
    en: 'send a simulated event (POST /__mock/events): click, open, bounce, unsubscribe',
  },
  'mock.eventType': { ja: 'click | open | bounce | unsubscribe', en: 'click | open | bounce | unsubscribe' },
  'mock.eventDelivery': { ja: '配信ID', en: 'delivery ID' },
  'mock.eventMember': { ja: '会員ID', en: 'member ID' },
  'mock.eventUrl': { ja: 'クリックした URL（click）', en: 'URL clicked (click)' },
  'mock.eventClickcount': { ja: 'クリックカウントID（click）', en: 'click count ID (click)' },
  'mock.eventCode': {
    ja: 'SMTP 拡張ステータスコード（bounce、例 5.1.1）',
    en: 'SMTP enhanced status code (bounce, e.g. 5.1.1)',
  },
  'mock.eventAddress': { ja: '配信停止するアドレス（unsubscribe）', en: 'address to unsubscribe (unsubscribe)' },
  'mock.snapshot': { ja: 'テナントの全状態のスナップショット', en: "snapshots of the tenant's whole state" },
  'mock.snapshotSave': {
    ja: 'スナップショットを書き出す（GET /__mock/snapshot）',
    en: 'save a snapshot (GET /__mock/snapshot)',
  },
  'mock.snapshotLoad': {
    ja: 'スナップショットを読み込む（PUT /__mock/snapshot）',
    en: 'load a snapshot (PUT /__mock/snapshot)',
  },
  'mock.snapshotFile': {
    ja: 'ファイル（省略または - で標準出力／標準入力）',
    en: 'file (omitted or -: stdout / stdin)',
  },
  'mock.tenants': { ja: 'テナントの一覧・作成・削除', en: 'list, create and delete tenants' },
  'mock.scenario.group': { ja: 'テナントのシナリオ', en: "the tenant's scenario" },
  'mock.health': {
    ja: 'エミュレータが応答するかを確かめる（GET /__mock/health）',
    en: 'check that the emulator answers (GET /__mock/health)',
  },
  'mock.shutdown': {
    ja: 'エミュレータを止める（POST /__mock/shutdown。ループバックからのみ）',
    en: 'stop the emulator (POST /__mock/shutdown; loopback only)',
  },
  'mock.templates': {
    ja: 'テンプレート（テストごとにフォークするテナントの元）',
    en: 'templates (tenants that test suites fork per test)',
  },
  'mock.templatesCreate': {
    ja: 'テンプレートを作る（POST /__mock/templates。本文は --body）',
    en: 'create a template (POST /__mock/templates; body with --body)',
  },
  'mock.templatesList': {
    ja: 'テンプレートの一覧（GET /__mock/templates）',
    en: 'list the templates (GET /__mock/templates)',
  },
  'mock.forms': {
    ja: '会員フォーム',
    en: 'member forms',
  },
  'mock.formsOutbox': {
    ja: '会員フォームが送ったメール（GET /__mock/forms/outbox）',
    en: 'mails sent by member forms (GET /__mock/forms/outbox)',
  },
  'mock.formsOutboxClear': {
    ja: '会員フォームが送ったメールを消す（DELETE /__mock/forms/outbox）',
    en: 'clear the mails sent by member forms (DELETE /__mock/forms/outbox)',
  },
  'mock.bodyOption': {
    ja: 'JSON の本文（- なら標準入力）',
    en: 'the JSON body (- for standard input)',
  },
  'mock.scenarioDump': {
    ja: '現在のシナリオを表示する（GET /__mock/scenario。-o yaml で YAML）',
    en: 'print the current scenario (GET /__mock/scenario; -o yaml for YAML)',
  },
  'mock.savedTenant': {
    ja: 'krs: テナント {tenant} をプロファイル {profile} に保存しました\n',
    en: 'krs: saved tenant {tenant} as profile {profile}\n',
  },
  'mock.savedSnapshot': {
    ja: 'krs: スナップショットを {file} に書き出しました\n',
    en: 'krs: snapshot saved to {file}\n',
  },
  'mock.eventNeeds': { ja: '{type} には {flags} が必要です', en: '{type} needs {flags}' },
  'mock.badEventType': {
    ja: '<type> は click、open、bounce、unsubscribe のどれかです（"{value}"）',
    en: '<type> must be click, open, bounce or unsubscribe (got "{value}")',
  },

  // Configuration
  'config.description': { ja: '設定ファイル（プロファイル）を扱う', en: 'the profile file' },
  'config.set': {
    ja: 'プロファイルに値を保存する（token、env-id、base-url）',
    en: 'save a value in the profile (token, env-id, base-url)',
  },
  'config.value': {
    ja: '値（- で標準入力から読む：トークンをシェルの履歴に残さない）',
    en: 'value (- reads stdin: keeps a token out of the shell history)',
  },
  'config.unset': { ja: 'プロファイルから値を消す', en: 'remove a value from the profile' },
  'config.get': {
    ja: 'プロファイルの値を表示する（トークンは伏せる）',
    en: 'print a value of the profile (tokens masked)',
  },
  'config.list': {
    ja: 'すべてのプロファイルと、いま使われる接続先を表示する（トークンは伏せる）',
    en: 'list every profile and the values in effect (tokens masked)',
  },
  'config.use': { ja: '既定のプロファイルを切り替える', en: 'switch the default profile' },
  'config.profileArg': { ja: 'プロファイル名', en: 'profile name' },
  'config.path': { ja: '設定ファイルの場所を表示する', en: 'print where the profile file is' },
  'config.profiles': {
    ja: 'プロファイル名を1行に1つ表示する（補完用）',
    en: 'print the profile names, one a line (for completion)',
  },
  'config.notSet': { ja: '(未設定)', en: '(not set)' },
  'config.noProfiles': { ja: '(プロファイルはありません)', en: '(no profiles)' },
  'config.defaultMark': { ja: ' (既定)', en: ' (default)' },
  'config.inEffect': {
    ja: '# 使われる値（フラグ > 環境変数 > プロファイル "{profile}"）',
    en: '# values in effect (flags > environment > profile "{profile}")',
  },
  'completion.description': {
    ja: 'シェル補完スクリプトを出力する（bash、zsh、fish、powershell）',
    en: 'print the shell completion script (bash, zsh, fish, powershell)',
  },
} as const satisfies Record<string, { ja: string; en: string }>

export type MessageKey = keyof typeof messages
