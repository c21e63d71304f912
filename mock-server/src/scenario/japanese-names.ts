/** Common Japanese family and given names with their katakana readings (generated members). */
export const FAMILY_NAMES: readonly (readonly [string, string])[] = [
  ['佐藤', 'サトウ'], ['鈴木', 'スズキ'], ['高橋', 'タカハシ'], ['田中', 'タナカ'], ['伊藤', 'イトウ'],
  ['渡辺', 'ワタナベ'], ['山本', 'ヤマモト'], ['中村', 'ナカムラ'], ['小林', 'コバヤシ'], ['加藤', 'カトウ'],
  ['吉田', 'ヨシダ'], ['山田', 'ヤマダ'], ['佐々木', 'ササキ'], ['山口', 'ヤマグチ'], ['松本', 'マツモト'],
  ['井上', 'イノウエ'], ['木村', 'キムラ'], ['林', 'ハヤシ'], ['斎藤', 'サイトウ'], ['清水', 'シミズ'],
  ['山崎', 'ヤマザキ'], ['森', 'モリ'], ['池田', 'イケダ'], ['橋本', 'ハシモト'], ['阿部', 'アベ'],
  ['石川', 'イシカワ'], ['山下', 'ヤマシタ'], ['中島', 'ナカジマ'], ['石井', 'イシイ'], ['小川', 'オガワ'],
  ['前田', 'マエダ'], ['岡田', 'オカダ'], ['長谷川', 'ハセガワ'], ['藤田', 'フジタ'], ['後藤', 'ゴトウ'],
  ['近藤', 'コンドウ'], ['村上', 'ムラカミ'], ['遠藤', 'エンドウ'], ['青木', 'アオキ'], ['坂本', 'サカモト'],
]

export const MALE_NAMES: readonly (readonly [string, string])[] = [
  ['翔太', 'ショウタ'], ['大輔', 'ダイスケ'], ['健太', 'ケンタ'], ['拓也', 'タクヤ'], ['直樹', 'ナオキ'],
  ['誠', 'マコト'], ['浩二', 'コウジ'], ['隆', 'タカシ'], ['蓮', 'レン'], ['悠真', 'ユウマ'],
  ['陽翔', 'ハルト'], ['湊', 'ミナト'], ['大和', 'ヤマト'], ['亮', 'リョウ'], ['和也', 'カズヤ'],
  ['修', 'オサム'], ['茂', 'シゲル'], ['博之', 'ヒロユキ'], ['一郎', 'イチロウ'], ['健一', 'ケンイチ'],
]

export const FEMALE_NAMES: readonly (readonly [string, string])[] = [
  ['陽子', 'ヨウコ'], ['美咲', 'ミサキ'], ['さくら', 'サクラ'], ['結衣', 'ユイ'], ['恵子', 'ケイコ'],
  ['由美', 'ユミ'], ['直美', 'ナオミ'], ['愛', 'アイ'], ['真由美', 'マユミ'], ['陽菜', 'ヒナ'],
  ['結菜', 'ユイナ'], ['葵', 'アオイ'], ['凛', 'リン'], ['花子', 'ハナコ'], ['京子', 'キョウコ'],
  ['智子', 'トモコ'], ['明美', 'アケミ'], ['麻衣', 'マイ'], ['彩', 'アヤ'], ['美穂', 'ミホ'],
]

/** Romanised family names for e-mail local parts (same order as FAMILY_NAMES). */
export const FAMILY_ROMAJI = [
  'sato', 'suzuki', 'takahashi', 'tanaka', 'ito', 'watanabe', 'yamamoto', 'nakamura', 'kobayashi', 'kato',
  'yoshida', 'yamada', 'sasaki', 'yamaguchi', 'matsumoto', 'inoue', 'kimura', 'hayashi', 'saito', 'shimizu',
  'yamazaki', 'mori', 'ikeda', 'hashimoto', 'abe', 'ishikawa', 'yamashita', 'nakajima', 'ishii', 'ogawa',
  'maeda', 'okada', 'hasegawa', 'fujita', 'goto', 'kondo', 'murakami', 'endo', 'aoki', 'sakamoto',
] as const
