/** Japanese labels for the catalogue's scope and source fields. */
export const scopeLabel: Record<string, string> = {
  common: '共通（どの API も返しうる）',
  transport: '受付時（API の実行前）',
  operation: 'API 固有',
}

export const sourceLabel: Record<string, string> = {
  docs: '公開ドキュメント',
  seeds: '製品仕様',
  'krs-kit': 'krs-kit が定義',
}

/**
 * What each HTTP status means in krs-kit's mapping. The wording follows the contract's
 * info.description; the real service's table is not public.
 */
export const statusMeaning: Record<number, string> = {
  200: '成功。API ごとに定めた値を名前付きキーで包まずに返します。',
  400: '入力の形式が不正、または業務ルールによって拒否されました。',
  401: '認証に失敗しました（トークンがない・無効）。',
  403: '権限またはアカウントオプションが不足しています。',
  404: '存在しない API 名が指定されました。',
  405: 'POST 以外のメソッドで呼び出されました。',
  413: 'リクエストボディが上限を超えています。',
  415: 'リクエストボディが JSON ではありません。',
  429: '流量制限に達しました。Retry-After ヘッダの秒数だけ待ってから再試行してください。',
  500: '内部エラーです（専用のエラースキーマで返ります）。',
  503: '高負荷のため受け付けられません。時間をおいて再試行してください。',
}
