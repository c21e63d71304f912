import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { withPhpBanner } from '../src/banner.js'
import { generate, type Generation } from '../src/generate.js'
import { phpDocType, phpString } from '../src/php-doc-type.js'
import { REPO_ROOT } from '../src/repo-paths.js'

describe('phpDocType: JSON Schema to a PHPDoc type', () => {
  const cases: [string, unknown, 'request' | 'response', string][] = [
    ['integer', { type: 'integer' }, 'request', 'int'],
    ['number', { type: 'number' }, 'request', 'int|float'],
    ['nullable string', { type: ['string', 'null'] }, 'request', 'string|null'],
    ['string enum', { type: 'string', enum: ['a', "it's"] }, 'request', "'a'|'it\\'s'"],
    ['const', { const: 3 }, 'request', '3'],
    ['list', { type: 'array', items: { type: 'boolean' } }, 'request', 'list<bool>'],
    [
      'tuple',
      { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }] },
      'response',
      'array{int, string}',
    ],
    [
      'closed object, optional key in a request',
      { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer' }, x: {} } },
      'request',
      'array{id: int, x?: mixed}',
    ],
    [
      'a key with a default is present in an answer',
      {
        type: 'object',
        additionalProperties: false,
        properties: { n: { type: 'integer', default: 0 } },
      },
      'response',
      'array{n: int}',
    ],
    [
      'open object says so',
      { type: 'object', properties: { a: { type: 'string' } } },
      'request',
      'array{a?: string, ...}',
    ],
    ['map', { type: 'object', additionalProperties: { type: 'integer' } }, 'request', 'array<string, int>'],
    [
      'quoted key',
      { type: 'object', additionalProperties: false, required: ['1'], properties: { '1': {} } },
      'request',
      "array{'1': mixed}",
    ],
    ['oneOf', { oneOf: [{ type: 'integer' }, { type: 'string' }, { type: 'integer' }] }, 'request', 'int|string'],
    ['allOf takes its first part', { allOf: [{ type: 'integer' }], minimum: 1 }, 'request', 'int'],
    ['nothing said', {}, 'request', 'mixed'],
    ['true', true, 'request', 'mixed'],
  ]
  it.each(cases)('%s', (_label, schema, side, want) => {
    expect(phpDocType(schema, side)).toBe(want)
  })

  it('stops spelling out nesting after four levels', () => {
    let schema: unknown = { type: 'integer' }
    for (let i = 0; i < 6; i++) schema = { type: 'array', items: schema }
    expect(phpDocType(schema, 'request')).toBe('list<list<list<list<list<mixed>>>>>')
  })

  it('phpString escapes backslashes and quotes', () => {
    expect(phpString("a\\b'c")).toBe("'a\\\\b\\'c'")
  })

  it('withPhpBanner: open tag, banner, strict types, body, one final newline', () => {
    expect(withPhpBanner('// b', '\nnamespace A;\n\n')).toBe(
      '<?php\n\n// b\n\ndeclare(strict_types=1);\n\nnamespace A;\n',
    )
  })
})

describe('the PHP files of the fixture contract', () => {
  let gen: Generation
  const file = (name: string): string => {
    const f = gen.files.find((x) => x.path === `sdk-php/src/Generated/${name}`)
    if (f === undefined) throw new Error(`not generated: ${name}`)
    return f.content
  }
  beforeAll(async () => {
    gen = await generate(REPO_ROOT, 'generator/test/fixtures/contract/openapi.yaml')
  })

  it('one method per operation, camelCase, calling call() with the API name', () => {
    const methods = file('OperationMethods.php')
    for (const op of gen.model.operations) {
      const name = op.name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
      expect(methods).toMatch(new RegExp(`public function ${name}\\(array \\$body( = \\[\\])?\\): mixed`))
      expect(methods).toContain(`return $this->call('${op.name}', $body);`)
      expect(methods).toContain(op.summary)
    }
    expect(methods).toContain('エラーコード: KR_API_F0004, KR_API_F0005')
  })

  it('an interface with every operation method and the helpers, for test doubles', () => {
    const iface = file('KrsClientInterface.php')
    expect(iface).toContain('interface KrsClientInterface')
    for (const op of gen.model.operations) {
      const name = op.name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
      expect(iface).toMatch(new RegExp(`public function ${name}\\(array \\$body( = \\[\\])?\\): mixed;`))
    }
    for (const helper of ['call', 'withOptions', 'withResponse', 'paginate', 'waitForDelivery', 'waitForBatchJob'])
      expect(iface).toContain(`public function ${helper}(`)
  })

  it('every catalogue code is an enum case; the operations table carries idempotency and paging', () => {
    const enumText = file('ErrorCode.php')
    for (const e of gen.model.errors) expect(enumText).toContain(`case ${e.code} = '${e.code}';`)
    const table = file('Operations.php')
    expect(table).toMatch(
      /'get_items' => \[\n\s+'method' => 'getItems',\n\s+'idempotent' => true,\n\s+'pageStep' => 50,/,
    )
    expect(table).toContain(`public const CONTRACT_SHA256 = '${gen.model.hash}';`)
  })

  const php = spawnSync('php', ['--version'], { encoding: 'utf8' })
  // Without PHP the files are still checked as text above; `npm test` says PHP is missing.
  it.skipIf(php.status !== 0)('the files load in PHP and describe the fixture contract', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gen-php-'))
    try {
      for (const name of ['ErrorCode.php', 'Operations.php', 'OperationMethods.php', 'KrsClientInterface.php']) {
        await writeFile(join(dir, name), file(name))
      }
      const script = `<?php
declare(strict_types=1);
require '${dir}/ErrorCode.php';
require '${dir}/Operations.php';
require '${dir}/OperationMethods.php';
require '${dir}/KrsClientInterface.php';
final class Probe { use KrsKit\\Sdk\\Generated\\OperationMethods;
  public function call(string $apiName, array $body = []): mixed { return [$apiName, $body]; } }
$missing = array_values(array_diff(
  array_map(fn ($m) => $m->name, (new ReflectionClass(KrsKit\\Sdk\\Generated\\KrsClientInterface::class))->getMethods()),
  array_map(fn ($m) => $m->name, (new ReflectionClass(Probe::class))->getMethods()),
));
$p = new Probe();
echo json_encode([
  'ops' => array_keys(KrsKit\\Sdk\\Generated\\Operations::ALL),
  'call' => $p->getItems(['offset' => 50]),
  'status' => KrsKit\\Sdk\\Generated\\ErrorCode::from('KR_API_F0004')->httpStatus(),
  'desc' => KrsKit\\Sdk\\Generated\\ErrorCode::KR_API_F0004->errorDesc(),
  'codes' => count(KrsKit\\Sdk\\Generated\\ErrorCode::cases()),
  'missing' => $missing,
]);`
      await writeFile(join(dir, 'probe.php'), script)
      const r = spawnSync('php', [join(dir, 'probe.php')], { encoding: 'utf8' })
      expect(r.stderr).toBe('')
      const out = JSON.parse(r.stdout) as {
        ops: string[]
        call: unknown
        status: number
        desc: string
        codes: number
        missing: string[]
      }
      // The trait implements every operation method of the interface; the rest are KrsClient's helpers.
      expect(out.missing.sort()).toEqual(
        [
          'downloadBatchJobResult',
          'paginate',
          'uploadStoredFile',
          'waitForBatchJob',
          'waitForDelivery',
          'withOptions',
          'withResponse',
        ].sort(),
      )
      expect(out.ops).toEqual(gen.model.operations.map((o) => o.name))
      expect(out.call).toEqual(['get_items', { offset: 50 }])
      const f0004 = gen.model.errors.find((e) => e.code === 'KR_API_F0004')
      expect(out.status).toBe(f0004?.status)
      expect(out.desc).toBe(f0004?.name)
      expect(out.codes).toBe(gen.model.errors.length)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the checked-in PHP SDK methods (real contract)', () => {
  const methods = readFileSync(join(REPO_ROOT, 'sdk-php/src/Generated/OperationMethods.php'), 'utf8')

  it('has one public method per operation besides call(): one per file of spec/paths/', () => {
    const operations = readdirSync(join(REPO_ROOT, 'spec/paths')).filter((f) => f.endsWith('.yaml')).length
    expect(methods.match(/^ {4}public function \w+\(array \$body/gm)).toHaveLength(operations)
  })

  it('documents add_member with the array shape of its body, its Japanese summary and its result', () => {
    const doc = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\n {4}public function addMember\(array \$body\): mixed/.exec(
      methods,
    )?.[1]
    expect(doc).toContain('@param array{member_table_id: int, member_info: array<string, mixed>} $body')
    expect(doc).toContain('@return int')
    expect(doc).toContain('会員の登録')
    expect(doc).toContain('KR_API_F0117')
  })

  it('lets a body with no required key be left out', () => {
    expect(methods).toContain('public function getMemberTables(array $body = []): mixed')
  })
})
