/**
 * `@krs-kit/mock-server/options`: the flags of `krs-mock`, the one table from which its
 * argument parser and its help are built, and which `krs mock` reads to declare the same
 * flags. Plain data and small pure functions with no imports, so the CLI can compile it into
 * its own bundle: `krs mock --help` lists the flags even where the emulator is not installed.
 * It also carries the duration parser of the testing entry (as plain), so that `krs` reads a
 * duration exactly as `krs.clock.advance()` does.
 */

export {
  type Duration,
  DurationError,
  type DurationLang,
  durationMs,
  durationSeconds,
} from '../testing/duration.js'

export type HelpLang = 'ja' | 'en'

/** A flag's value is refused: the message says what the flag takes. */
export class OptionValueError extends Error {
  override readonly name = 'OptionValueError'
}

export interface ProgramOption {
  /** The long name, without the dashes (`data-dir`). */
  readonly name: string
  readonly short?: string
  /** `string` takes a value; `boolean` is a switch. */
  readonly type: 'string' | 'boolean'
  /** The value's name in the help (`DIR`). */
  readonly value?: string
  /** Used when the flag is absent, and shown in the help. */
  readonly default?: string
  /** Repeated in the help of `krs mock` and `krs-mock`; the default is added to it. */
  readonly help: { readonly ja: string; readonly en: string }
  /** Checks the text given (or the default); throws OptionValueError. */
  readonly check?: (text: string) => void
}

function integer(name: string, min: number, max: number): (text: string) => void {
  return (text) => {
    const n = Number(text)
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max)
      throw new OptionValueError(`--${name} must be an integer from ${min} to ${max} (got "${text}")`)
  }
}

/** The origins of `--cors` (comma-separated, blanks dropped). */
export function listValue(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
}

/**
 * `--now`: ISO 8601 with a date and time, or unix seconds; returns unix seconds. The same
 * function checks the flag and converts it, so the two never disagree.
 */
export function nowValue(text: string): number {
  if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text)
  const ms = Date.parse(text)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || !Number.isFinite(ms)) {
    throw new OptionValueError(
      `--now must be an ISO 8601 time such as 2026-04-01T09:00:00+09:00, or unix seconds (got "${text}")`,
    )
  }
  return Math.floor(ms / 1000)
}

export const KRS_MOCK_OPTIONS = [
  {
    name: 'host',
    type: 'string',
    value: 'HOST',
    default: '127.0.0.1',
    help: { ja: '待ち受けるアドレス', en: 'address to listen on' },
  },
  {
    name: 'port',
    type: 'string',
    value: 'N',
    default: '4010',
    help: { ja: 'ポート。0 で空いているポート', en: 'port; 0 = any free port' },
    check: integer('port', 0, 65535),
  },
  {
    name: 'scenario',
    type: 'string',
    value: 'FILE',
    help: {
      ja: 'シナリオファイル（JSON または YAML。既定: 組み込みのシナリオ）',
      en: 'scenario file, JSON or YAML (default: the embedded scenario)',
    },
  },
  {
    name: 'seed',
    type: 'string',
    value: 'N',
    default: '1',
    help: { ja: '生成データの seed', en: 'seed of generated data' },
    check: integer('seed', 0, 2 ** 32 - 1),
  },
  {
    name: 'members',
    type: 'string',
    value: 'N',
    help: { ja: '生成する会員数（既定: シナリオの値）', en: "number of generated members (default: the scenario's)" },
    check: integer('members', 0, 20_000_000),
  },
  {
    name: 'clock',
    type: 'string',
    value: 'MODE',
    help: {
      ja: '時計 real | manual（既定 real。--now またはシナリオの now があれば manual）',
      en: "real | manual (default real; manual with --now or a scenario's now)",
    },
    check: (text) => {
      if (text !== 'real' && text !== 'manual')
        throw new OptionValueError(`--clock must be real or manual (got "${text}")`)
    },
  },
  {
    name: 'now',
    type: 'string',
    value: 'TIME',
    help: {
      ja: '時計を TIME から始める（ISO 8601、例 2026-04-01T09:00:00+09:00、または unix 秒）。同じ --seed ならデータはバイト単位で同じ',
      en: 'start the clock at TIME (ISO 8601, e.g. 2026-04-01T09:00:00+09:00, or unix seconds); with the same --seed the data is byte-identical',
    },
    check: (text) => void nowValue(text),
  },
  {
    name: 'public-url',
    type: 'string',
    value: 'URL',
    help: {
      ja: 'エミュレータが書くリンクの基点（送信ログのクリック・開封・配信停止リンク、新しいテナントの base_url）。既定: 呼び出し元が使ったオリジン',
      en: 'base of the links the emulator writes (click, open and unsubscribe links of the outbox, base_url of new tenants); default: the origin the caller used',
    },
    check: (text) => {
      if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?$/i.test(text))
        throw new OptionValueError(
          `--public-url must be an http:// or https:// URL, e.g. http://localhost:4010 (got "${text}")`,
        )
    },
  },
  {
    name: 'print-scenario',
    type: 'boolean',
    help: {
      ja: 'シナリオ（既定のもの、または extends を解決した --scenario）を YAML で標準出力に書いて終わる',
      en: 'write the scenario (the default, or --scenario after extends) as YAML to stdout and exit',
    },
  },
  {
    name: 'data-dir',
    type: 'string',
    value: 'DIR',
    help: {
      ja: '状態を DIR に保つ（起動時に読み込み、アトミックに保存。書き込みは応答の前にログへ fsync）',
      en: 'keep the state in DIR (loaded at start, saved atomically; each write is logged and fsynced before its answer)',
    },
  },
  {
    name: 'repair',
    type: 'boolean',
    help: {
      ja: '--data-dir の書き込みログに壊れたレコードがあるとき、壊れたセグメントの写しを damaged/ に残し、最後の正しいレコードで切り詰めて起動する（それ以降の書き込みは失われる）',
      en: 'with --data-dir: when a write-log record is damaged, keep a copy of the segment in damaged/, cut the log at the last good record and start (the writes after it are lost)',
    },
  },
  {
    name: 'static',
    type: 'string',
    value: 'DIR',
    help: {
      ja: '/api と /__mock 以外の GET に DIR のファイルを返す（ドキュメントサイトを API と並べて配信）',
      en: 'serve files of DIR for GET requests outside /api and /__mock (the docs site beside the API)',
    },
  },
  {
    name: 'proxy-target',
    type: 'string',
    value: 'URL',
    help: {
      ja: 'ループバックからの POST /__proxy/api/v1/{API 名} を URL/api/v1/{API 名} に転送する（サイトのプレイグラウンドから本番に送るため。本番なら URL は https://krs.bz/ に環境 ID を続けたもの）',
      en: "forward POST /__proxy/api/v1/{name} from loopback clients to URL/api/v1/{name} (e.g. the real service, for the site's playground)",
    },
    check: (text) => {
      if (!/^https?:\/\/[^/\s?#]+(?:\/[^\s?#]*)?$/i.test(text))
        throw new OptionValueError(
          `--proxy-target takes a base URL like https://krs.bz/<environment> (http or https, no query) (got "${text}")`,
        )
    },
  },
  {
    name: 'admin-remote',
    type: 'boolean',
    help: {
      ja: 'ループバック以外のアドレスからの /__mock/ 呼び出しにも応答する',
      en: 'answer /__mock/ calls from non-loopback addresses too',
    },
  },
  {
    name: 'allowed-host',
    type: 'string',
    value: 'HOSTS',
    help: {
      ja: '/__mock/ が Host として受け付ける名前を足す（カンマ区切り。既定: ループバック名と --host のアドレスのみ）',
      en: 'also accept these Host names for /__mock/ (comma-separated; default: loopback names and the --host address only)',
    },
  },
  {
    name: 'cors',
    type: 'string',
    value: 'ORIGINS',
    help: {
      ja: 'これらのオリジンの Web ページから API を呼べるようにする（カンマ区切り、例 http://localhost:3000、または *）。管理 API は同一オリジンのまま',
      en: 'let web pages of these origins call the API (comma-separated, e.g. http://localhost:3000, or *); the admin API stays same-origin',
    },
    check: (text) => {
      for (const o of listValue(text)) {
        if (o !== '*' && !/^https?:\/\/[^/\s]+$/i.test(o))
          throw new OptionValueError(
            `--cors takes origins like http://localhost:3000 (scheme, host, port; no path) or * (got "${o}")`,
          )
      }
    },
  },
  {
    name: 'smtp',
    type: 'string',
    value: 'URL',
    help: {
      ja: '引き渡したメールを SMTP キャッチャーにも送る（例 smtp://127.0.0.1:1025、Mailpit や MailHog）。既定はオフ',
      en: 'also send each handed-over mail to an SMTP catcher, e.g. smtp://127.0.0.1:1025 (Mailpit, MailHog); off by default',
    },
    check: (text) => {
      if (!/^smtps?:\/\/[^/\s]+/i.test(text))
        throw new OptionValueError(
          `--smtp must be an smtp:// or smtps:// URL, e.g. smtp://127.0.0.1:1025 (got "${text}")`,
        )
    },
  },
  {
    name: 'quiet',
    type: 'boolean',
    help: { ja: 'リクエストごとのログ行を出さない', en: 'no per-request log lines' },
  },
  {
    name: 'validate-responses',
    type: 'boolean',
    help: {
      ja: 'すべての応答を契約の応答スキーマとエラー一覧で検査する（不一致は 500 で応答しログに出す）。既定はオフ',
      en: "check every answer against the contract's response schemas and error lists (a mismatch answers 500 and is logged); off by default",
    },
  },
  {
    name: 'version',
    short: 'V',
    type: 'boolean',
    help: { ja: 'バージョンを表示する', en: 'print the version' },
  },
  {
    name: 'help',
    short: 'h',
    type: 'boolean',
    help: { ja: 'このヘルプを表示する', en: 'show this help' },
  },
] as const satisfies readonly ProgramOption[]

/**
 * Flags of the program itself, not of the server: `krs mock` answers them with its own
 * (`krs mock --help` is commander's, `krs --version` the CLI's).
 */
export const PROGRAM_ONLY_OPTIONS: ReadonlySet<string> = new Set(['help', 'version'])

/** The one line a usage error prints after its message: where the flags are listed. */
export function usageHint(lang: HelpLang): string {
  return lang === 'ja' ? 'フラグの一覧: krs-mock --help' : 'krs-mock --help lists the flags.'
}

export type KrsMockOptionName = (typeof KRS_MOCK_OPTIONS)[number]['name']

/** `--name VALUE` / `-h, --help`, as the help shows a flag. */
export function flagText(o: ProgramOption): string {
  return `${o.short ? `-${o.short}, ` : ''}--${o.name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`
}

/** The help text of a flag with its default. */
export function optionHelp(o: ProgramOption, lang: HelpLang): string {
  if (o.default === undefined) return o.help[lang]
  return lang === 'ja' ? `${o.help.ja}（既定 ${o.default}）` : `${o.help.en} (default ${o.default})`
}

/** Japanese for a `ja*` POSIX locale (LC_ALL, then LC_MESSAGES, then LANG), else English. */
export function helpLangOf(env: Readonly<Record<string, string | undefined>>): HelpLang {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || ''
  return /^ja([_.@-]|$)/i.test(locale) ? 'ja' : 'en'
}

const WIDTH = 96
const COLUMN = 22

/** Split `text` into lines of at most `width` characters at spaces (a longer word stays whole). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  lines.push(line)
  return lines
}

/** `krs-mock --help`. */
export function krsMockUsage(lang: HelpLang = 'en'): string {
  const head =
    lang === 'ja'
      ? 'KREISEL JSON API エミュレータ（krs-kit）。POST /api/v1/{api_name} と管理 API /__mock/ に応答します。'
      : 'KREISEL JSON API emulator (krs-kit). Serves POST /api/v1/{api_name} and the admin API /__mock/.'
  const lines = [
    `${lang === 'ja' ? '使い方' : 'Usage'}: krs-mock [options]`,
    '',
    head,
    '',
    lang === 'ja' ? 'オプション:' : 'Options:',
  ]
  const pad = ' '.repeat(COLUMN + 2)
  for (const o of KRS_MOCK_OPTIONS) {
    const flag = `  ${flagText(o)}`
    // Japanese has no spaces to break at, and its characters are two columns wide: the
    // terminal wraps it
    const text = lang === 'ja' ? [optionHelp(o, lang)] : wrap(optionHelp(o, lang), WIDTH - COLUMN - 2)
    if (flag.length < COLUMN) lines.push(`${flag.padEnd(COLUMN + 2)}${text[0]}`)
    else lines.push(flag, `${pad}${text[0]}`)
    for (const more of text.slice(1)) lines.push(`${pad}${more}`)
  }
  return `${lines.join('\n')}\n`
}
