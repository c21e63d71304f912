/**
 * Every route of seed 2 (point 2) with a text its page must show. Docs pages show their
 * title as the h1; history posts and tag pages are listed by the seed and checked by slug.
 */
export const docRoutes: ReadonlyArray<readonly [route: string, text: string]> = [
  ['/', 'KREISEL JSON API とは'],
  ['/errors', 'エラー'],
  ['/errors/http-status-codes', 'HTTP ステータスコード'],
  ['/errors/kreisel-api-exception-codes', 'KREISEL API 例外コード'],
  ['/examples', 'サンプル'],
  ['/examples/download-file', 'ファイルのダウンロード'],
  ['/examples/get-version-and-env', 'バージョンと環境名の取得'],
  ['/examples/public-form', '公開フォームの処理'],
  ['/examples/upload-file', 'ファイルのアップロード'],
  ['/limitations', '制限事項'],
  ['/parameterization', 'パラメータの表現'],
  ['/parameterization/date-and-time', '日付と時刻'],
  ['/parameterization/extraction-condition', '抽出条件'],
  ['/parameterization/form', 'フォーム'],
  ['/parameterization/member-information', '会員情報'],
  ['/security/restriction', 'API の利用制限'],
  ['/tutorials', 'チュートリアル'],
  ['/tutorials/introduction', 'はじめに'],
  ['/tutorials/getting-started', 'はじめての API 呼び出し'],
  ['/tutorials/database-operations', 'データベースの操作'],
  ['/tutorials/forms', '会員フォーム'],
  ['/tutorials/mail-delivery', 'メール配信'],
  ['/tutorials/member-data', '会員データ'],
  ['/tutorials/upload-download', 'アップロードとダウンロード'],
  ['/soap', 'SOAP API ドキュメント'],
  ['/soap-api-specific-methods', 'SOAP API 固有のメソッド'],
  ['/soap/api-compatibility', 'API の互換性'],
  ['/soap/appendix', '付録（SOAP API）'],
  ['/soap/appendix/history', '履歴（SOAP API）'],
  ['/soap/security', 'セキュリティ（SOAP API）'],
  ['/soap/security/login', 'ログイン'],
  ['/soap/security/session', 'セッション'],
  ['/soap/security/session-privilege', 'セッションの権限'],
  ['/soap/specification', '仕様（SOAP API）'],
  ['/soap/specification/overview', '概要'],
  ['/soap/specification/api-invocation', 'API の呼び出し'],
  ['/soap/specification/api-message-protocol', 'API メッセージのプロトコル'],
  ['/soap/specification/api-message-transmission-protocol', 'API メッセージの伝送プロトコル'],
  ['/soap/specification/date-and-time-parameterization', '日付と時刻の表現（SOAP API）'],
  ['/soap/specification/exception-handling', '例外処理'],
  ['/soap/specification/exception-handling/http-status-codes', 'HTTP ステータスコード（SOAP API）'],
  ['/soap/specification/exception-handling/soap-fault', 'SOAP Fault'],
  ['/soap/specification/kreisel-api-exception-codes', 'KREISEL API 例外コード（SOAP API）'],
  ['/soap/specification/system-high-load-state', 'システム高負荷状態'],
]

/** Release tags of the history blog, in the seed's order (oldest first). */
export const releaseTags = [
  'release-1-34', 'release-1-35', 'release-1-36', 'release-1-36-1', 'release-1-37', 'release-1-37-1',
  'release-1-38', 'release-1-39', 'release-1-40', 'release-1-40-1', 'release-1-40-2',
  'release-202412', 'release-202503', 'release-202506', 'release-202509',
] as const

/** History posts named by version and revision, newest first (the order /history must show). */
export const releasePosts = [
  '202509-revision-1', '202506-revision-1', '202503-revision-1', '202412-revision-2', '202412-revision-1',
  '1.40.2-revision-2', '1.40.2-revision-1', '1.40.1-revision-1', '1.40-revision-1', '1.39-revision-2',
  '1.39-revision-1', '1.38-revision-1', '1.37.1-revision-1', '1.37-revision-1', '1.36.1-revision-2',
  '1.36.1-revision-1', '1.36-revision-1', '1.35-revision-1', '1.34-revision-1',
] as const

export const datedPosts = ['2009-11-20', '2009-06-11', '2009-05-26', '2008-11-20', '2008-11-13', '2008-10-23', '2008-10-03'] as const

export const oldReleasePosts = Array.from({ length: 26 }, (_, i) => `old-release-revision-${27 - i}`)

/** All 52 history posts, newest first. */
export const historyPosts: readonly string[] = [...releasePosts, ...datedPosts, ...oldReleasePosts]

/** The tag a release post is filed under: "1.36.1-revision-2" -> "release-1-36-1". */
export function tagOfReleasePost(slug: string): string {
  const version = slug.replace(/-revision-\d+$/, '')
  return `release-${version.replaceAll('.', '-')}`
}
