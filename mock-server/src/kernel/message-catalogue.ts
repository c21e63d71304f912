/**
 * The emulator's detail texts (the `message` of an error answer), one entry per message id
 * with an English and a Japanese template. Domains throw `new KrsError(code, msg(id, params))`;
 * the answer renders the template in the language the request asks for (`Accept-Language`),
 * English when it asks for none. A `{name}` in a template is replaced by the parameter of
 * that name; a parameter may itself be a message, rendered in the same language.
 */
export const messageCatalogue = {
  posted_images_right_missing: {
    en: 'view-only accounts need the posted image management menu right',
    ja: '閲覧のみのアカウントには投稿画像管理メニューの権限が必要です',
  },
  member_not_found: {
    en: 'member_id {member_id}: no such member in member table {member_table_id}',
    ja: 'member_id {member_id}: 会員テーブル {member_table_id} にその会員はいません',
  },
  stored_file_extension: {
    en: 'file_name "{file_name}": the extension must be .txt, .tsv or .csv',
    ja: 'file_name "{file_name}": 拡張子は .txt、.tsv、.csv のいずれかにしてください',
  },
  stored_file_too_large: {
    en: 'body is {bytes} bytes; a stored file must be under 50 MB ({max_bytes} bytes)',
    ja: 'body は {bytes} バイトです。保存ファイルは 50 MB（{max_bytes} バイト）未満にしてください',
  },
  condition_relation_element: {
    en: 'condition_info.conditions.{key}: element {element_id} is the relation element that refers to member table {member_table_id}; it cannot be used in its conditions',
    ja: 'condition_info.conditions.{key}: 項目 {element_id} は会員テーブル {member_table_id} を参照する関連項目のため、その条件には使えません',
  },
  condition_element_other_table: {
    en: 'condition_info.conditions.{key}: element {element_id} belongs to member table {other_table_id}, not {member_table_id}',
    ja: 'condition_info.conditions.{key}: 項目 {element_id} は会員テーブル {other_table_id} の項目で、{member_table_id} の項目ではありません',
  },
  condition_element_not_found: {
    en: 'condition_info.conditions.{key}: member table {member_table_id} has no element {element_id}',
    ja: 'condition_info.conditions.{key}: 会員テーブル {member_table_id} に項目 {element_id} はありません',
  },
  condition_encrypted_element: {
    en: 'condition_info.conditions: {keys} is an encrypted text element and cannot be used in a condition',
    ja: 'condition_info.conditions: {keys} は暗号化テキスト項目のため条件に使えません',
  },
  condition_clause_shape: {
    en: 'condition_info.conditions.{key}: a clause is exactly [kind, additional info]',
    ja: 'condition_info.conditions.{key}: 条件は [比較の種類, 追加情報] の 2 要素で指定してください',
  },
  condition_not_found: {
    en: 'condition_id {condition_id}: no such condition',
    ja: 'condition_id {condition_id}: その条件はありません',
  },
  condition_clause_invalid: {
    en: 'condition_info.conditions.{key}: {rule}',
    ja: 'condition_info.conditions.{key}: {rule}',
  },
  condition_other_table: {
    en: 'condition_id {condition_id} belongs to member table {other_table_id}, not {member_table_id}',
    ja: 'condition_id {condition_id} は会員テーブル {other_table_id} の条件で、{member_table_id} の条件ではありません',
  },
  condition_predefined: {
    en: 'condition_id {condition_id} is the predefined condition "{name}" and cannot be deleted',
    ja: 'condition_id {condition_id} は既定の条件「{name}」のため削除できません',
  },
  condition_in_use: {
    en: 'condition_id {condition_id} is used by {users}',
    ja: 'condition_id {condition_id} は {users} で使われています',
  },
  table_access_denied: {
    en: '{what}: the account has no access to member table {member_table_id}',
    ja: '{what}: このアカウントは会員テーブル {member_table_id} を利用できません',
  },
  member_table_not_found: {
    en: 'member_table_id {member_table_id}: no such member table',
    ja: 'member_table_id {member_table_id}: その会員テーブルはありません',
  },
  element_not_found: {
    en: 'element_id {element_id}: no such element',
    ja: 'element_id {element_id}: その項目はありません',
  },
  offset_not_multiple: {
    en: 'offset {offset} is invalid: it must be 0 or a positive multiple of {step}',
    ja: 'offset {offset} は使えません。0 または {step} の正の倍数にしてください',
  },
  sort_key_other_table: {
    en: 'sort_key {sort_key} is an element of member table {other_table_id}, not {member_table_id}',
    ja: 'sort_key {sort_key} は会員テーブル {other_table_id} の項目で、{member_table_id} の項目ではありません',
  },
  sort_key_not_found: {
    en: 'sort_key {sort_key}: member table {member_table_id} has no element {element_id}',
    ja: 'sort_key {sort_key}: 会員テーブル {member_table_id} に項目 {element_id} はありません',
  },
  sort_key_type: {
    en: 'sort_key {sort_key}: element "{name}" ({type}) cannot be a sort key',
    ja: 'sort_key {sort_key}: 項目「{name}」（{type}）は並べ替えのキーにできません',
  },
  no_unique_key: {
    en: 'member table {member_table_id} has no unique key element',
    ja: '会員テーブル {member_table_id} には一意キー項目がありません',
  },
  lookup_many_passwords: {
    en: 'member_info has {count} password elements ({keys}); at most one is allowed',
    ja: 'member_info にパスワード項目が {count} 個あります（{keys}）。指定できるのは 1 個までです',
  },
  lookup_stray_key: {
    en: 'member_info.{key} is neither a unique key element nor a password element',
    ja: 'member_info.{key} は一意キー項目でもパスワード項目でもありません',
  },
  lookup_missing_keys: {
    en: 'member_info must give every unique key element; missing {keys}',
    ja: 'member_info には一意キー項目をすべて指定してください。足りない項目: {keys}',
  },
  lookup_autogen_empty: {
    en: 'member_info.e_{element_id}: the autogen key must be a non-empty string',
    ja: 'member_info.e_{element_id}: 自動採番キーは空でない文字列で指定してください',
  },
  lookup_value_invalid: {
    en: 'member_info.e_{element_id}: {problems}',
    ja: 'member_info.e_{element_id}: {problems}',
  },
  lookup_key_blank: {
    en: 'member_info.e_{element_id}: a unique key value must not be blank',
    ja: 'member_info.e_{element_id}: 一意キーの値を空にはできません',
  },
  lookup_password_empty: {
    en: 'member_info.{key}: the password must be a non-empty string',
    ja: 'member_info.{key}: パスワードは空でない文字列で指定してください',
  },
  encryption_key_denied: {
    en: 'member table {member_table_id} has encrypted text elements ({names}) and the account has no permission to use the encryption key',
    ja: '会員テーブル {member_table_id} には暗号化テキスト項目（{names}）があり、このアカウントには暗号化キーの利用権限がありません',
  },
  unique_key_taken: {
    en: 'a member with the same unique key ({names}) already exists: member {member_id}',
    ja: '同じ一意キー（{names}）の会員がすでにいます: 会員 {member_id}',
  },
  element_errors: {
    en: '{errors}',
    ja: '{errors}',
  },
  element_other_table: {
    en: '{where}.{key} is an element of member table {other_table_id}, not {member_table_id}',
    ja: '{where}.{key} は会員テーブル {other_table_id} の項目で、{member_table_id} の項目ではありません',
  },
  delivery_agent_message: {
    en: 'mail_message_id {mail_message_id} is a mail message for agent programs and cannot be used for a delivery',
    ja: 'mail_message_id {mail_message_id} はエージェントプログラム用のメール文面のため、配信には使えません',
  },
  test_emails_empty: {
    en: 'delivery_info.emails is empty',
    ja: 'delivery_info.emails が空です',
  },
  test_email_invalid: {
    en: 'delivery_info.emails[{index}] ({value}) is not an e-mail address',
    ja: 'delivery_info.emails[{index}]（{value}）はメールアドレスではありません',
  },
  test_emails_too_many: {
    en: 'delivery_info.emails has {count} distinct addresses; at most {max} are allowed',
    ja: 'delivery_info.emails には異なるアドレスが {count} 件あります。指定できるのは {max} 件までです',
  },
  test_emails_unregistered: {
    en: 'none of delivery_info.emails is registered in element {element_id} of member table {member_table_id}',
    ja: 'delivery_info.emails のどれも会員テーブル {member_table_id} の項目 {element_id} に登録されていません',
  },
  delivery_by_agent: {
    en: 'delivery_id {delivery_id} was created by agent program {agent_program_id}; disable the program with enable_agent_program instead',
    ja: 'delivery_id {delivery_id} はエージェントプログラム {agent_program_id} が作った配信です。enable_agent_program でプログラムを無効にしてください',
  },
  delivery_finished: {
    en: 'delivery_id {delivery_id} has already finished',
    ja: 'delivery_id {delivery_id} の配信はすでに終わっています',
  },
  delivery_started: {
    en: 'delivery_id {delivery_id} has already started (phase {phase})',
    ja: 'delivery_id {delivery_id} の配信はすでに始まっています（phase {phase}）',
  },
  element_key_other_table: {
    en: '{key} {element_id} belongs to member table {member_table_id}, not {other_table_id}',
    ja: '{key} {element_id} は会員テーブル {member_table_id} の項目で、{other_table_id} の項目ではありません',
  },
  element_not_email: {
    en: '{key} {element_id} ("{name}") is of type {type}, not an e-mail element',
    ja: '{key} {element_id}（「{name}」）の型は {type} で、メールアドレス項目ではありません',
  },
  element_not_date: {
    en: '{key} {element_id} ("{name}") is of type {type}, not a date element',
    ja: '{key} {element_id}（「{name}」）の型は {type} で、日付項目ではありません',
  },
  interval_reversed: {
    en: 'end_timestamp ({end}) must not be before start_timestamp ({start})',
    ja: 'end_timestamp（{end}）を start_timestamp（{start}）より前にはできません',
  },
  offset_negative: {
    en: 'offset {offset} is invalid; it starts at 0',
    ja: 'offset {offset} は使えません。0 から始まります',
  },
  clickcount_not_found: {
    en: 'clickcount_id {clickcount_id}: no such click count',
    ja: 'clickcount_id {clickcount_id}: そのクリックカウントはありません',
  },
  header_multiline: {
    en: 'mail_info.{key} must be one line: it contains {name} at character {position}',
    ja: 'mail_info.{key} は 1 行にしてください: {position} 文字目に {name} があります',
  },
  mail_message_not_found: {
    en: '{key} {id}: no such mail message',
    ja: '{key} {id}: そのメール文面はありません',
  },
  message_for_agent_delete: {
    en: 'message_id {message_id} is a mail message for agent programs; use delete_mail_message_for_agent_program',
    ja: 'message_id {message_id} はエージェントプログラム用のメール文面です。delete_mail_message_for_agent_program を使ってください',
  },
  message_for_normal: {
    en: 'mail_message_id {mail_message_id} is a mail message for normal deliveries',
    ja: 'mail_message_id {mail_message_id} は通常配信用のメール文面です',
  },
  message_decomail: {
    en: 'mail_message_id {mail_message_id} is a decorated mail (decomail) made in the admin screen and cannot be updated',
    ja: 'mail_message_id {mail_message_id} は管理画面で作ったデコメールのため更新できません',
  },
  message_for_normal_delete: {
    en: 'mail_message_id {mail_message_id} is a mail message for normal deliveries; use delete_mail_message',
    ja: 'mail_message_id {mail_message_id} は通常配信用のメール文面です。delete_mail_message を使ってください',
  },
  body_line_too_long: {
    en: 'mail_info.{key}: line {line} is {bytes} bytes; a body line must not exceed {max_bytes} bytes',
    ja: 'mail_info.{key}: {line} 行目が {bytes} バイトあります。本文の 1 行は {max_bytes} バイトまでです',
  },
  text_part_required: {
    en: 'mail_info.text_part is required when type is {type}',
    ja: 'type が {type} のときは mail_info.text_part が必要です',
  },
  html_part_required: {
    en: 'mail_info.html_part is required when type is {type}',
    ja: 'type が {type} のときは mail_info.html_part が必要です',
  },
  unsubscribe_url_required: {
    en: 'mail_info.list_unsubscribe.url is required when pattern is 2',
    ja: 'pattern が 2 のときは mail_info.list_unsubscribe.url が必要です',
  },
  unsubscribe_email_required: {
    en: 'mail_info.list_unsubscribe.email is required when pattern is 3',
    ja: 'pattern が 3 のときは mail_info.list_unsubscribe.email が必要です',
  },
  hankana_not_allowed: {
    en: 'mail_info.{key} contains half-width katakana; set allow_hankana to true to allow it',
    ja: 'mail_info.{key} に半角カタカナが含まれています。使うには allow_hankana を true にしてください',
  },
  unsubscribe_placeholder: {
    en: 'mail_info.{key} contains the unsubscribe-URL placeholder; use list_unsubscribe instead',
    ja: 'mail_info.{key} に配信停止URLの差し込み記号が含まれています。代わりに list_unsubscribe を使ってください',
  },
  message_locked: {
    en: '{field} {id} is locked: reserved by {holder}',
    ja: '{field} {id} はロックされています: {holder} が予約しています',
  },
  agent_program_not_found: {
    en: 'agent_program_id {agent_program_id}: no such agent program',
    ja: 'agent_program_id {agent_program_id}: そのエージェントプログラムはありません',
  },
  message_for_normal_agent: {
    en: 'mail_message_id {mail_message_id} is a mail message for normal deliveries; create one with add_mail_message_for_agent_program',
    ja: 'mail_message_id {mail_message_id} は通常配信用のメール文面です。add_mail_message_for_agent_program で作ってください',
  },
  daily_condition_required: {
    en: 'program_info.delivery_condition_info is required when delivery_time_info.type is 1 (daily)',
    ja: 'delivery_time_info.type が 1（毎日）のときは program_info.delivery_condition_info が必要です',
  },
  condition_offset_required: {
    en: 'program_info.delivery_condition_info.offset is required when pattern is 2, or pattern is 1 with a direction other than 0',
    ja: 'pattern が 2 のとき、または pattern が 1 で direction が 0 以外のときは program_info.delivery_condition_info.offset が必要です',
  },
  agent_programs_max: {
    en: 'the environment already has {count} agent programs; the maximum is {max}',
    ja: 'この環境にはすでに {count} 個のエージェントプログラムがあります。上限は {max} 個です',
  },
  agent_program_no_message: {
    en: 'agent program {agent_program_id} has no mail message',
    ja: 'エージェントプログラム {agent_program_id} にメール文面がありません',
  },
  zip_format: {
    en: 'zip "{zip}" must be 7 digits (1000001) or 3 digits, a hyphen and 4 digits (100-0001)',
    ja: 'zip "{zip}" は 7 桁の数字（1000001）か、3 桁・ハイフン・4 桁（100-0001）で指定してください',
  },
  zip_updating: {
    en: 'the zip address dictionary is being updated (scenario: extensions.services.zip_not_ready); retry after a while',
    ja: '郵便番号辞書を更新中です（シナリオ: extensions.services.zip_not_ready）。しばらくしてから再度お試しください',
  },
  zip_dictionary_missing: {
    en: 'the zip dictionary is not built (run `npx tsx scripts/build-zip-dictionary.ts` in mock-server): {error}',
    ja: '郵便番号辞書が作られていません（mock-server で `npx tsx scripts/build-zip-dictionary.ts` を実行してください）: {error}',
  },
  password_mismatch: {
    en: 'password does not match the password of the account of the API token',
    ja: 'password が API トークンのアカウントのパスワードと一致しません',
  },
  columnset_not_found: {
    en: 'columnset_id {columnset_id}: no such column set',
    ja: 'columnset_id {columnset_id}: その列セットはありません',
  },
  columnset_other_table: {
    en: 'columnset_id {columnset_id} belongs to member table {other_table_id}, not {member_table_id}',
    ja: 'columnset_id {columnset_id} は会員テーブル {other_table_id} の列セットで、{member_table_id} のものではありません',
  },
  columnset_not_download: {
    en: 'columnset_id {columnset_id} ({title}) is not set for download',
    ja: 'columnset_id {columnset_id}（{title}）はダウンロード用に設定されていません',
  },
  stored_file_not_found: {
    en: 'stored_file_id {stored_file_id}: no such stored file',
    ja: 'stored_file_id {stored_file_id}: その保存ファイルはありません',
  },
  stored_file_imported: {
    en: 'stored_file_id {stored_file_id} has already been imported',
    ja: 'stored_file_id {stored_file_id} はすでにインポート済みです',
  },
  batch_job_not_found: {
    en: 'batch_job_id {batch_job_id}: no such batch job',
    ja: 'batch_job_id {batch_job_id}: そのバッチジョブはありません',
  },
  result_download_denied: {
    en: 'the account has no right to download result files',
    ja: 'このアカウントには結果ファイルをダウンロードする権限がありません',
  },
  batch_job_running: {
    en: 'batch job {batch_job_id} is still running (progress {progress}%)',
    ja: 'バッチジョブ {batch_job_id} はまだ実行中です（進捗 {progress}%）',
  },
  batch_result_expired: {
    en: 'the result file of batch job {batch_job_id} is no longer kept (results are kept {days} days)',
    ja: 'バッチジョブ {batch_job_id} の結果ファイルはもう保管されていません（保管期間は {days} 日）',
  },
  batch_result_encrypted: {
    en: 'the result file of batch job {batch_job_id} holds encrypted text elements of member table {member_table_id} in the clear and the account has no permission to use the encryption key',
    ja: 'バッチジョブ {batch_job_id} の結果ファイルには会員テーブル {member_table_id} の暗号化テキスト項目が平文で入っており、このアカウントには暗号化キーの利用権限がありません',
  },
  table_locked_by_account: {
    en: 'member table {member_table_id} is locked through the API by account {account_id}; only that user may import or export',
    ja: '会員テーブル {member_table_id} はアカウント {account_id} が API でロックしています。インポートとエクスポートはそのユーザーだけができます',
  },
  batch_job_busy: {
    en: '{whose} batch job {batch_job_id} ({operation} of member table {member_table_id}) is still running; only one import or export runs at a time',
    ja: '{whose}バッチジョブ {batch_job_id}（会員テーブル {member_table_id} の {operation}）がまだ実行中です。インポートとエクスポートは一度に 1 つだけ実行できます',
  },
  table_locked_by_job: {
    en: 'member table {member_table_id} is locked by running batch job {batch_job_id}',
    ja: '会員テーブル {member_table_id} は実行中のバッチジョブ {batch_job_id} がロックしています',
  },
  batch_job_on_table: {
    en: 'batch job {batch_job_id} is running on member table {member_table_id}',
    ja: 'バッチジョブ {batch_job_id} が会員テーブル {member_table_id} で実行中です',
  },
  override_unknown_element: {
    en: 'override_options.{key}: member table {member_table_id} has no importable element {element_id}',
    ja: 'override_options.{key}: 会員テーブル {member_table_id} にインポートできる項目 {element_id} はありません',
  },
  import_needs_unique_key: {
    en: 'member table {member_table_id} has no unique key element; is_update {mode} needs one (use 0 or 3)',
    ja: '会員テーブル {member_table_id} には一意キー項目がありません。is_update {mode} には必要です（0 か 3 を使ってください）',
  },
  import_any_key_needs_key: {
    en: 'is_update 3 (update by any key) needs an element whose override option is "key"',
    ja: 'is_update 3（任意のキーで更新）には上書きオプションが "key" の項目が必要です',
  },
  registration_member_id: {
    en: 'member_id must be 0 on a registration form (got {member_id})',
    ja: '登録フォームでは member_id を 0 にしてください（指定された値: {member_id}）',
  },
  form_registrations_max: {
    en: 'form {form_id} reached its maximum of {max} registrations',
    ja: 'フォーム {form_id} は登録数の上限 {max} 件に達しています',
  },
  form_no_password_element: {
    en: 'このデータベースにはパスワード項目がありません。',
    ja: 'このデータベースにはパスワード項目がありません。',
  },
  form_not_found: {
    en: 'form_id {form_id}: no such member form',
    ja: 'form_id {form_id}: その会員フォームはありません',
  },
  form_group_unpublished: {
    en: 'the form group of form {form_id} is not published',
    ja: 'フォーム {form_id} のフォームグループは公開されていません',
  },
  form_disabled: {
    en: 'form {form_id} is not enabled',
    ja: 'フォーム {form_id} は有効になっていません',
  },
  form_not_open: {
    en: 'form {form_id} opens at {start} (JST)',
    ja: 'フォーム {form_id} の受付開始は {start}（日本時間）です',
  },
  form_closed: {
    en: 'form {form_id} closed at {end} (JST)',
    ja: 'フォーム {form_id} の受付は {end}（日本時間）に終わりました',
  },
  form_table_gone: {
    en: 'form {form_id}: its member table {member_table_id} no longer exists',
    ja: 'フォーム {form_id}: その会員テーブル {member_table_id} はもうありません',
  },
  form_wrong_kind: {
    en: 'form {form_id} is a {type} form; {rule}',
    ja: 'フォーム {form_id} は {type} フォームです。{rule}',
  },
  form_password_required: {
    en: 'password is required (it may be omitted only on a password-reissue form)',
    ja: 'password が必要です（省略できるのはパスワード再発行フォームだけです）',
  },
  form_no_unique_key: {
    en: 'member table {member_table_id} has no unique key element to authenticate with',
    ja: '会員テーブル {member_table_id} には認証に使う一意キー項目がありません',
  },
  form_stray_key: {
    en: 'member_info.{key} is not a unique key element; give only the unique key elements',
    ja: 'member_info.{key} は一意キー項目ではありません。一意キー項目だけを指定してください',
  },
  form_missing_key: {
    en: 'member_info must give every unique key element; missing the form element of "{name}"',
    ja: 'member_info には一意キー項目をすべて指定してください。「{name}」のフォーム項目がありません',
  },
  form_member_info_invalid: {
    en: 'member_info: {problems}',
    ja: 'member_info: {problems}',
  },
  form_key_blank: {
    en: 'member_info: the unique key "{name}" must not be blank',
    ja: 'member_info: 一意キー「{name}」を空にはできません',
  },
  form_values_empty: {
    en: 'form_element_values has no element',
    ja: 'form_element_values に項目がありません',
  },
  oneclick_limit_range: {
    en: 'limit {limit} is out of range (1 to 335)',
    ja: 'limit {limit} は範囲外です（1〜335）',
  },
  condition_not_usable: {
    en: 'condition_id {condition_id}: no such condition usable through the API',
    ja: 'condition_id {condition_id}: API で使える条件としては存在しません',
  },
  delivery_not_found: {
    en: 'delivery_id {delivery_id}: no such delivery',
    ja: 'delivery_id {delivery_id}: その配信はありません',
  },
  delivery_cancelled: {
    en: 'delivery_id {delivery_id}: no such delivery (cancelled)',
    ja: 'delivery_id {delivery_id}: その配信はありません（取り消し済み）',
  },
  override_not_allowed: {
    en: 'override_options.{key}: "{value}" is not allowed for a {type} element in mode {mode}; allowed: {allowed}',
    ja: 'override_options.{key}: モード {mode} の {type} 項目には "{value}" を指定できません。指定できる値: {allowed}',
  },
  override_not_allowed_unique: {
    en: 'override_options.{key}: "{value}" is not allowed for a {type} (unique key) element in mode {mode}; allowed: {allowed}',
    ja: 'override_options.{key}: モード {mode} の {type} 項目（一意キー）には "{value}" を指定できません。指定できる値: {allowed}',
  },
  form_auto_not_api: {
    en: 'form {form_id} is a generated (auto) form, not an API form',
    ja: 'フォーム {form_id} は自動生成フォームで、API フォームではありません',
  },
  form_design_not_api: {
    en: 'form {form_id} is a design form, not an API form',
    ja: 'フォーム {form_id} はデザインフォームで、API フォームではありません',
  },
  form_element_unknown: {
    en: 'form {form_id} has no form element {keys} (use e_{form element id} from get_member_form_elements)',
    ja: 'フォーム {form_id} にフォーム項目 {keys} はありません（get_member_form_elements で得た e_{フォーム項目ID} を使ってください）',
  },
  form_element_unknown_password: {
    en: 'form {form_id} has no form element {keys} (use e_{form element id} from get_member_form_elements or new_pass)',
    ja: 'フォーム {form_id} にフォーム項目 {keys} はありません（get_member_form_elements で得た e_{フォーム項目ID} か new_pass を使ってください）',
  },
  // the request checks at the door
  body_key_required: {
    en: '{pointer} is required (required)',
    ja: '{pointer} は必須です（required）',
  },
  body_key_unknown: {
    en: '{pointer} is not an allowed key (additionalProperties)',
    ja: '{pointer} は指定できないキーです（additionalProperties）',
  },
  body_value_invalid: {
    en: '{pointer} {rule} ({keyword}){given}',
    ja: '{pointer}: {rule}（{keyword}）{given}',
  },
  given_value: { en: '; got {value}', ja: '。指定された値: {value}' },
  given_array: { en: '; got an array of {count} items', ja: '。指定された値: {count} 要素の配列' },
  given_object: { en: '; got an object', ja: '。指定された値: オブジェクト' },
  rule_type: { en: 'must be {type}', ja: '{type} 型で指定してください' },
  rule_compare: { en: 'must be {comparison} {limit}', ja: '{comparison} {limit} にしてください' },
  rule_min_length: { en: 'must NOT have fewer than {limit} characters', ja: '{limit} 文字以上にしてください' },
  rule_max_length: { en: 'must NOT have more than {limit} characters', ja: '{limit} 文字以内にしてください' },
  rule_min_items: { en: 'must NOT have fewer than {limit} items', ja: '{limit} 要素以上にしてください' },
  rule_max_items: { en: 'must NOT have more than {limit} items', ja: '{limit} 要素以内にしてください' },
  rule_pattern: { en: 'must match pattern "{pattern}"', ja: 'パターン "{pattern}" に合う値にしてください' },
  rule_format: { en: 'must match format "{format}"', ja: '形式 "{format}" に合う値にしてください' },
  rule_enum: { en: 'must be equal to one of the allowed values', ja: '許されている値のどれかにしてください' },
  rule_const: { en: 'must be equal to constant', ja: '決められた値にしてください' },
  rule_multiple_of: { en: 'must be multiple of {multiple_of}', ja: '{multiple_of} の倍数にしてください' },
  rule_not: { en: 'must NOT be valid', ja: 'この値は指定できません' },
  rule_unique_items: {
    en: 'must NOT have duplicate items (items ## {j} and {i} are identical)',
    ja: '重複した要素は指定できません（{j} 番目と {i} 番目が同じです）',
  },
  rule_one_of: { en: 'must match exactly one schema in oneOf', ja: 'どれか一つの形に合う値にしてください' },
  rule_any_of: { en: 'must match a schema in anyOf', ja: 'いずれかの形に合う値にしてください' },
  rule_invalid: { en: 'is invalid', ja: '値が正しくありません' },
  // the access check
  access_rights: {
    en: 'this operation needs one of: {rights}',
    ja: 'この API には次のいずれかの権限が必要です: {rights}',
  },
  access_option: { en: 'this operation needs the {option} option', ja: 'この API には {option} オプションが必要です' },
  token_invalid: { en: 'Bearer token is missing or invalid.', ja: 'Bearer トークンがないか、正しくありません。' },
  // refusals at the door: before the body is read or parsed (every door: Node, MSW, in-process)
  method_not_allowed: {
    en: '{method} is not allowed; every API is called with POST',
    ja: '{method} は使えません。API はすべて POST で呼び出します',
  },
  unknown_api_name: { en: 'unknown API name "{name}"', ja: 'API 名 "{name}" はありません' },
  no_api_at_path: {
    en: 'no API at {path}; call POST /api/v1/{api_name}',
    ja: '{path} に API はありません。POST /api/v1/{api_name} を呼び出してください',
  },
  no_file_or_api_at_path: {
    en: 'no file or API at {path}',
    ja: '{path} にはファイルも API もありません',
  },
  media_type_not_json: {
    en: 'Content-Type {content_type} is not application/json',
    ja: 'Content-Type {content_type} は application/json ではありません',
  },
  body_too_large: {
    en: 'the body must be at most {max_bytes} bytes',
    ja: 'ボディは {max_bytes} バイト以下にしてください',
  },
  operation_body_too_large: {
    en: 'the body of {operation} must be at most {max_bytes} bytes (no valid {operation} request is longer)',
    ja: '{operation} のボディは {max_bytes} バイト以下にしてください（それより長い正しい {operation} のリクエストはありません）',
  },
  body_not_utf8: { en: 'the body is not valid UTF-8', ja: 'ボディが正しい UTF-8 ではありません' },
  body_not_json: {
    en: 'the body is not valid JSON: {reason}',
    ja: 'ボディが正しい JSON ではありません: {reason}',
  },
  // the clauses of a condition (the rule of condition_clause_invalid)
  clause_kind_not_allowed: {
    en: 'comparison kind {kind} cannot be used on {family} "{label}"',
    ja: '比較の種類 {kind} は{family}「{label}」には使えません',
  },
  family_type: { en: '{type}', ja: '{type} 型の項目' },
  family_hashed_password: { en: 'hashed password', ja: 'ハッシュ化パスワード項目' },
  family_not_upload_date: { en: 'a key other than {key}', ja: '{key} 以外のキー' },
  family_date: { en: 'date', ja: '日付項目' },
  family_multiple_choice: { en: 'multiple choice', ja: '複数選択項目' },
  family_integer: { en: 'integer', ja: '整数項目' },
  family_single_choice: { en: 'single choice', ja: '単一選択項目' },
  family_yes_no: { en: 'yes/no', ja: 'はい／いいえ項目' },
  family_not_email: { en: 'a non e-mail key', ja: 'メールアドレス以外のキー' },
  family_text: { en: 'text', ja: 'テキスト項目' },
  clause_needs_string: {
    en: 'additional info needs "{field}" as a string',
    ja: '追加情報の "{field}" を文字列で指定してください',
  },
  clause_needs_string_array: {
    en: 'additional info needs "{field}" as a non-empty array of strings',
    ja: '追加情報の "{field}" を空でない文字列の配列で指定してください',
  },
  clause_field_number: { en: '"{field}" must be a number', ja: '"{field}" は数値で指定してください' },
  clause_needs_int_array: {
    en: 'additional info needs "{field}" as an array of integers',
    ja: '追加情報の "{field}" を整数の配列で指定してください',
  },
  clause_int_range: {
    en: '"{field}" must be an integer from -{limit} to {limit}',
    ja: '"{field}" は -{limit} から {limit} までの整数で指定してください',
  },
  clause_range_reversed: {
    en: '"{start_field}" ({start}) must not be greater than "{end_field}" ({end})',
    ja: '"{start_field}"（{start}）を "{end_field}"（{end}）より大きくはできません',
  },
  clause_field_date_string: { en: '"{field}" must be a date string', ja: '"{field}" は日付の文字列で指定してください' },
  clause_field_date_format: {
    en: '"{field}" must be YYYY-MM-DD or YYYY-MM-DD HH:MM:SS',
    ja: '"{field}" は YYYY-MM-DD か YYYY-MM-DD HH:MM:SS で指定してください',
  },
  clause_value_date: { en: '"value" must be a date', ja: '"value" は日付で指定してください' },
  clause_unknown_options: { en: 'unknown option ids {ids}', ja: '存在しない選択肢ID {ids} が指定されました' },
  clause_needs_min_or_max: {
    en: 'additional info needs "min_value" or "max_value"',
    ja: '追加情報に "min_value" か "max_value" を指定してください',
  },
  clause_ids_integers: { en: '"ids" must be an array of integers', ja: '"ids" は整数の配列で指定してください' },
  clause_value_number: { en: '"value" must be a number', ja: '"value" は数値で指定してください' },
  clause_needs_value_ids_or_range: {
    en: 'additional info needs "value", "ids" or "min_value"/"max_value"',
    ja: '追加情報に "value"、"ids"、"min_value"/"max_value" のいずれかを指定してください',
  },
  clause_needs_values_integers: {
    en: 'additional info needs "values" as a non-empty array of integers',
    ja: '追加情報の "values" を空でない整数の配列で指定してください',
  },
  clause_needs_values_options: {
    en: 'additional info needs "values" as a non-empty array of option ids',
    ja: '追加情報の "values" を空でない選択肢IDの配列で指定してください',
  },
  clause_carriers: {
    en: '"carriers" must be an array of {carriers}',
    ja: '"carriers" は {carriers} の配列で指定してください',
  },
  // names and rules inside other details
  whose_own: { en: 'your', ja: 'このアカウントの' },
  whose_account: { en: "account {account_id}'s", ja: 'アカウント {account_id} の' },
  ref_batch_job: { en: 'batch job {batch_job_id}', ja: 'バッチジョブ {batch_job_id}' },
  ref_form: { en: 'form {form_id}', ja: 'フォーム {form_id}' },
  kind_no_auth_on_registration: {
    en: 'members cannot authenticate against a registration form',
    ja: '登録フォームでは会員の認証はできません',
  },
  kind_unique_check: {
    en: 'the unique check works on registration and update forms only',
    ja: '一意チェックは登録フォームと更新フォームでだけ使えます',
  },
  kind_member_info: {
    en: 'member info for a form is read through update or delete forms only',
    ja: 'フォーム用の会員情報は更新フォームか削除フォームでだけ読めます',
  },
  kind_deleted_list: {
    en: 'the deleted-member list belongs to delete forms',
    ja: '削除済み会員の一覧は削除フォームのものです',
  },
  kind_oneclick: {
    en: 'one-click login URLs are issued for update forms',
    ja: 'ワンクリックログインURLは更新フォームにだけ発行されます',
  },
} as const satisfies Record<string, { en: string; ja: string }>
