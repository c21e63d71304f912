// Webpack loader for Redoc's bundles (server and client builds), for what Redoc has no option for.
//
// 1. Offline: its menu footer loads the Redocly logo from cdn.redoc.ly after mount. The site
//    works offline and must log no failed request, so the logo comes from the site itself
//    (static/img/redocly-logo-mini.svg).
// 2. Accessible names: Redoc's dropdown (content types, examples) receives an `ariaLabel` prop
//    from every caller but never puts it on its <select>, and its visible <label> does not name
//    it. The select gets `aria-label` (in Japanese), in the server HTML as well as on the client.
// 3. Japanese texts: what Redoc writes itself and its `labels` option does not reach (the
//    visible "Content type" above a body, the sample's copy button and its tooltip, "Expand
//    all"/"Collapse all" of a JSON sample, "Authorizations:", the schema headings of a request
//    and a response, the "Payload" sample tab, "additional property", "Show pattern", a field's
//    types joined by "or", the menu's footer, "required", "optional", "pattern property",
//    "License:", "non-empty" and the units of a size, "[ items").
// 4. Type names: a field's JSON type ("integer", "string or null", "Array"), which Redoc prints
//    as the schema's own words wherever it shows a type (a field, an array's items, a
//    recursive field, a oneOf's buttons), is shown in Japanese (整数, 文字列 または null, 配列)
//    through one function (`typeNamesJa`, put in front of the bundle); schema names stay.
// 5. Contrast hook: the pattern label of a field has a fixed colour (#0e7c86) that is too dark
//    on the dark theme's backgrounds; it reads the CSS variable --krs-redoc-pattern-color
//    instead (set in src/css/custom.css), with Redoc's colour as the fallback.
//
// Each replacement must match exactly once: an upgrade of Redoc that changes the code fails the
// build here instead of losing the fix without a word.

const { replaceOnce: replaceOnceIn } = require('./replace-once.cjs')

const replaceOnce = (source, pattern, replacement, what) =>
  replaceOnceIn(source, pattern, replacement, `${what} in Redoc's bundle`)

/** Japanese names for the labels Redoc passes to its dropdowns. */
const dropdownNames = { 'Content type': 'コンテンツタイプ', Example: '例', Callback: 'コールバック' }

/** The JSON types Redoc names, in Japanese (null stays: it is the JSON value's name). */
const typeNames = {
  string: '文字列',
  integer: '整数',
  number: '数値',
  boolean: '真偽値',
  object: 'オブジェクト',
  array: '配列',
  items: '要素',
}
/** Put in front of the bundle: the type words of a type text in Japanese, the rest as it is. */
const typeNamesJa = `var __krsTypeNamesJa=function(t){var n=${JSON.stringify(typeNames)};return typeof t==="string"?t.replace(/\\b(string|integer|number|boolean|object|array|items)\\b/g,function(w){return n[w]}):t};\n`

/** Where Redoc renders a type text (before it, the text, after it): each gets the function above. */
const typeSites = [
  // a field: its prefix ("配列: ") and its type
  [/(createElement\(\w+,null,\w+\.typePrefix\),\w+\.createElement\(\w+,null,)(\w+\.displayType)(\))/, 'field type'],
  // an array's items of a primitive type
  [/(:\w+\.createElement\("div",null,\w+\.createElement\(\w+,null,)(\w+\.displayType)(\)\)\}\})/, 'array items type'],
  // a recursive field
  [
    /(=>\w+\.createElement\("div",null,\w+\.createElement\(\w+,null,)(\w+\.displayType)(\),\w+\.title&&)/,
    'recursive field type',
  ],
  // a oneOf's buttons without a title
  [/(\w+\.title\|\|)(\w+\.typePrefix\+\w+\.displayType)(\))/, 'oneOf button type'],
]

/** Texts Redoc writes in English whatever its options, with the Japanese the site shows. */
const texts = [
  [/(createElement\(\w+,null,)"Content type"\)/, '$1"コンテンツタイプ")', 'content type label'],
  [/"Copied":"Not supported in your browser"/, '"コピーしました":"このブラウザーではコピーできません"', 'copy tooltip'],
  [/(,open:\w+\},)"Copy"\)/, '$1"コピー")', 'copy button'],
  [/" Expand all "/, '" すべて開く "', 'expand all'],
  [/" Collapse all "/, '" すべて閉じる "', 'collapse all'],
  [/"Authorizations:"/, '"認証:"', 'authorizations'],
  [/"Request Body schema: "/, '"リクエストボディのスキーマ: "', 'request body schema'],
  [/"Response Schema: "/, '"レスポンスのスキーマ: "', 'response schema'],
  [/label:"Payload"/, 'label:"ペイロード"', 'payload sample tab'],
  [/"additional property"/, '"追加のプロパティ"', 'additional property'],
  [/\?"Hide pattern":"Show pattern"/, '?"パターンを隠す":"パターンを表示"', 'show pattern'],
  [/"API docs by Redocly"/, '"Redocly による API ドキュメント"', 'menu footer'],
  // A parameter's and a field's "required"/"optional", a pattern property, the licence line.
  [
    /(\w+&&\w+\.createElement\(\w+,null,)"required"\),(\w+&&\w+\.createElement\(\w+,null,)"optional"\)/,
    '$1"必須"),$2"任意")',
    'parameter required/optional',
  ],
  [
    /(createElement\(\w+,null,)"pattern property"\),(\w+&&\w+\.createElement\(\w+,null,)"required"\)/,
    '$1"パターンプロパティ"),$2"必須")',
    'field pattern property/required',
  ],
  [/(createElement\(\w+,null,)"License:"/, '$1"ライセンス:"', 'licence label'],
  // A field of several types ("string or null"), the alternatives of a oneOf, and the items
  // of an array of several types; English plurals of an array's item types ("integers") are
  // not made, so nothing splits the joined text again.
  [/(this\.type\.map\(\(\w+=>null===\w+\?"null":\w+\)\)\.join\()" or "\)/, '$1" または ")', 'type list'],
  [
    /function (\w+)\((\w+)\)\{return \2\.split\(" or "\)\.map\(\(\w+=>\w+\.replace\(\/\^\(string\|object\|number\|integer\|array\|boolean\)s\?\( \?\.\*\)\/,"\$1s\$2"\)\)\)\.join\(" or "\)\}/,
    'function $1($2){return $2}',
    'plural item types',
  ],
  [
    /(this\.displayType\+=`) or \$\{(\w+)\.join\(" or "\)\}`/,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text put into Redoc's code is a template literal there
    '$1 または ${$2.join(" または ")}`',
    'array of several types',
  ],
  [/(\(this\);this\.displayType=\w+\.join\()" or "\)/, '$1" または ")', 'oneOf type label'],
  [
    /(return (\w+)\.indexOf\()" or "(\)>-1&&\(\2=`\(\$\{\2\}\)`\),\2\}\)\)\.join\()" or "\)/,
    '$1" または "$3" または ")',
    'oneOf alternatives',
  ],
  // The size of a string, an array or an object ("non-empty", ">= 1 characters", "<= 50 items").
  [/(=1===\w+\?)"non-empty":/, '$1"空でない":', 'non-empty'],
  [/(\w+\()"characters"(,\w+\.minLength,\w+\.maxLength\))/, '$1"文字"$2', 'string length unit'],
  [/(\w+\()"items"(,\w+\.minItems,\w+\.maxItems\))/, '$1"要素"$2', 'array length unit'],
  [/(\w+\()"properties"(,\w+\.minProperties,\w+\.maxProperties\))/, '$1"プロパティ"$2', 'object size unit'],
  [/(createElement\(\w+,null,)"\[ items"/, '$1"[ 要素"', 'array items label'],
  // the label of an array whose items are objects ("Array (>= 1 items)")
  [/(createElement\(\w+,null,)" Array ",/, '$1" 配列 ",', 'array label'],
]

module.exports = function redocLoader(source) {
  let out = replaceOnce(source, 'https://cdn.redoc.ly/redoc/logo-mini.svg', '/img/redocly-logo-mini.svg', 'logo URL')
  // us=e.memo((t=>{const{options:r,…}=t; … createElement("select",{…,className:"dropdown-select"}, …
  out = replaceOnce(
    out,
    /(\((\w+)=>\{const\{options:\w+,onChange:\w+,placeholder:\w+,value:\w+="",variant:\w+,className:\w+\}=\2;[\s\S]{0,400}?className:"dropdown-select")\}/,
    (_all, head, props) =>
      `${head},"aria-label":(${JSON.stringify(dropdownNames)})[${props}.ariaLabel]||${props}.ariaLabel}`,
    'dropdown <select>',
  )
  for (const [pattern, replacement, what] of texts) out = replaceOnce(out, pattern, replacement, what)
  for (const [pattern, what] of typeSites)
    out = replaceOnce(out, pattern, (_all, head, type, tail) => `${head}__krsTypeNamesJa(${type})${tail}`, what)
  out = typeNamesJa + out
  out = replaceOnce(out, /color: #0e7c86;/, 'color: var(--krs-redoc-pattern-color, #0e7c86);', 'pattern label colour')
  return out
}
