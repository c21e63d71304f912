import { withPhpBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import type { OperationModel } from '../extract-operations.js'
import { isJsonObject } from '../openapi-model.js'
import { phpDocType, phpString } from '../php-doc-type.js'
import { methodName } from './operation-methods.js'

const NAMESPACE = 'namespace KrsKit\\Sdk\\Generated;'

/** A PHPDoc block (indented by `indent` spaces) whose text cannot close the comment early. */
export function phpDoc(text: string, indent: number): string {
  const pad = ' '.repeat(indent)
  const lines = text.replace(/\*\//g, '*\\/').trimEnd().split('\n')
  return [`${pad}/**`, ...lines.map((l) => (l === '' ? `${pad} *` : `${pad} * ${l}`)), `${pad} */`].join('\n')
}

/** `ErrorCode.php`: a string-backed enum of every catalogue code, with its `error_desc` and status. */
export function emitPhpErrorCode(model: ContractModel): string {
  const cases = model.errors.map(
    (e) => `${phpDoc(`${e.name} (${e.status})\n\n${e.description}`, 4)}\n    case ${e.code} = ${phpString(e.code)};`,
  )
  const descs = model.errors.map((e) => `            self::${e.code} => ${phpString(e.name)},`)
  const statuses = model.errors.map((e) => `            self::${e.code} => ${e.status},`)
  return withPhpBanner(
    model.banner,
    `${NAMESPACE}

/**
 * Every error code of the catalogue (spec/errors.yaml), in catalogue order.
 * \`ErrorCode::tryFrom($e->errorCode)\` is null for a code this SDK version does not know.
 */
enum ErrorCode: string
{
${cases.join('\n\n')}

    /** The exact \`error_desc\` the service sends with this code (typos kept). */
    public function errorDesc(): string
    {
        return match ($this) {
${descs.join('\n')}
        };
    }

    /** The HTTP status the code is answered with. */
    public function httpStatus(): int
    {
        return match ($this) {
${statuses.join('\n')}
        };
    }
}`,
  )
}

/** `Operations.php`: the SDK's per-operation facts (method, retry safety, paging step, ...). */
export function emitPhpOperations(model: ContractModel): string {
  const rows = model.operations.map((o) =>
    [
      `        ${phpString(o.name)} => [`,
      `            'method' => ${phpString(methodName(o.name))},`,
      `            'idempotent' => ${o.idempotent},`,
      `            'pageStep' => ${o.pageStep ?? 'null'},`,
      `            'legacyKey' => ${o.legacyKey === null ? 'null' : phpString(o.legacyKey)},`,
      `            'responseType' => ${phpString(o.responseType)},`,
      `            'security' => ${o.security},`,
      `            'errors' => [${o.errors.map(phpString).join(', ')}],`,
      '        ],',
    ].join('\n'),
  )
  const statusRows = model.errors
    .filter((e) => e.statusDefault)
    .sort((a, b) => a.status - b.status)
    .map((e) => `        ${e.status} => ${phpString(e.code)},`)
  return withPhpBanner(
    model.banner,
    `${NAMESPACE}

/**
 * The contract's facts about each operation, in contract order. \`idempotent\`
 * (x-krs-idempotent) decides what the client may retry after a request was sent;
 * \`pageStep\` (x-krs-page-step) is the offset step of a paged operation.
 */
final class Operations
{
    /** sha256 of spec/dist/openapi.json, the contract this file was generated from. */
    public const CONTRACT_SHA256 = ${phpString(model.hash)};

    /** The contract's info.version. */
    public const API_VERSION = ${phpString(model.apiVersion)};

    /**
     * @var array<string, array{method: string, idempotent: bool, pageStep: int|null, legacyKey: string|null, responseType: 'json'|'text', security: bool, errors: list<string>}>
     */
    public const ALL = [
${rows.join('\n')}
    ];

    /**
     * HTTP status => the error code a bare error answer with that status stands for
     * (spec/errors.yaml status_default).
     *
     * @var array<int, string>
     */
    public const CODE_FOR_STATUS = [${statusRows.length > 0 ? `\n${statusRows.join('\n')}\n    ` : ''}];

    private function __construct()
    {
    }
}`,
  )
}

/** True when `{}` is a complete request body (no required key). */
function bodyOptional(o: OperationModel): boolean {
  const s = o.requestSchema
  return !isJsonObject(s) || !Array.isArray(s.required) || s.required.length === 0
}

function methodDoc(o: OperationModel): string {
  const returns = o.responseType === 'text' ? 'string' : phpDocType(o.responseSchema, 'response')
  return phpDoc(
    [
      o.summary,
      '',
      o.description,
      '',
      `エラーコード: ${o.errors.join(', ')}`,
      ...(o.pageStep !== null ? [`ページング: offset は ${o.pageStep} 件刻み`] : []),
      ...(o.responseType === 'text' ? [`返り値: ${o.responseContentTypes.join(' / ')} の本文（文字列）`] : []),
      '',
      `@param ${phpDocType(o.requestSchema, 'request')} $body`,
      `@return ${returns}`,
      '@throws \\KrsKit\\Sdk\\Exception\\KrsException',
      `@see https://krs.bz/{environment_id}/api/v1/${o.name} (POST, operation ${o.name})`,
    ].join('\n'),
    4,
  )
}

/**
 * `OperationMethods.php`: a trait with one camelCase method per operation, documented from
 * the contract (summary, description, error codes, array shapes of the body and the
 * answer), each a call of the client's `call()`.
 */
export function emitPhpOperationMethods(model: ContractModel): string {
  const methods = model.operations.map(
    (o) => `${methodDoc(o)}
    public function ${methodName(o.name)}(array $body${bodyOptional(o) ? ' = []' : ''}): mixed
    {
        return $this->call(${phpString(o.name)}, $body);
    }`,
  )
  return withPhpBanner(
    model.banner,
    `${NAMESPACE}

/**
 * One method per operation of the contract. The class using it sends the call (retries,
 * errors, the legacy answer shape): see \`KrsKit\\Sdk\\KrsClient::call()\`.
 */
trait OperationMethods
{
    /**
     * Calls any operation by its API name (\`get_member_tables\`, ...).
     *
     * @param array<string, mixed> $body
     * @throws \\KrsKit\\Sdk\\Exception\\KrsException
     */
    abstract public function call(string $apiName, array $body = []): mixed;

${methods.join('\n\n')}
}`,
  )
}

/**
 * `KrsClientInterface.php`: what the client offers (every operation method, `call()`, the
 * helpers, `withOptions()`, `withResponse()`), so that code depending on it can be given a
 * test double (`$this->createMock(KrsClientInterface::class)`). `KrsClient` implements it.
 */
export function emitPhpClientInterface(model: ContractModel): string {
  const methods = model.operations.map(
    (o) => `${methodDoc(o)}
    public function ${methodName(o.name)}(array $body${bodyOptional(o) ? ' = []' : ''}): mixed;`,
  )
  return withPhpBanner(
    model.banner,
    `${NAMESPACE}

/**
 * The KREISEL JSON API client as an interface: one method per operation of the contract and
 * the helpers of \`KrsKit\\Sdk\\KrsClient\`, which implements it. Type your code against this
 * interface and a unit test can hand it a mock instead of a client that sends requests.
 * A method returns the operation's value, or a \`KrsKit\\Sdk\\KrsResponse\` on a client from
 * \`withResponse()\`.
 */
interface KrsClientInterface
{
    /**
     * Calls any operation by its API name (\`get_member_tables\`, ...).
     *
     * @param array<string, mixed> $body
     * @throws \\KrsKit\\Sdk\\Exception\\KrsException
     */
    public function call(string $apiName, array $body = []): mixed;

    /**
     * The same client with other settings for its calls (timeout, maxRetries, retryBaseDelay,
     * retryMaxDelay, headers, requestId, retrySleep, logger, onRequest, onResponse).
     *
     * @param array<string, mixed> $options
     * @throws \\KrsKit\\Sdk\\Exception\\KrsConfigurationException
     */
    public function withOptions(array $options): static;

    /** The same client, whose calls return a \`KrsKit\\Sdk\\KrsResponse\` (value, status, headers, request id). */
    public function withResponse(): static;

    /**
     * Every item of every page of a paged operation, by the contract's offset step.
     *
     * @param array<string, mixed> $body
     * @return \\Generator<int|string, mixed>
     * @throws \\KrsKit\\Sdk\\Exception\\KrsException
     */
    public function paginate(string $apiName, array $body = []): \\Generator;

    /**
     * Reads get_delivery_status until the delivery reaches \`phase\` (default 3).
     *
     * @param array<string, mixed> $options phase, interval, timeout, sleep, onProgress, advanceClock
     * @return array{0: int, 1: string}
     * @throws \\KrsKit\\Sdk\\Exception\\KrsException
     */
    public function waitForDelivery(int $deliveryId, array $options = []): array;

    /**
     * Reads get_batch_job_status until \`progress\` reaches 100.
     *
     * @param array<string, mixed> $options interval, timeout, sleep, onProgress, advanceClock
     * @return array<string, mixed>
     * @throws \\KrsKit\\Sdk\\Exception\\KrsException
     */
    public function waitForBatchJob(int $batchJobId, array $options = []): array;

    /**
     * Sends a CSV/TSV file with upload_stored_files; returns its stored_file_id.
     *
     * @param array{keepLineEndings?: bool} $options
     * @throws \\KrsKit\\Sdk\\Exception\\KrsException
     */
    public function uploadStoredFile(string $fileName, string $content, array $options = []): int;

    /**
     * The result file of a finished batch job (get_batch_job_result): the CSV text.
     *
     * @throws \\KrsKit\\Sdk\\Exception\\KrsException
     */
    public function downloadBatchJobResult(int $batchJobId): string;

${methods.join('\n\n')}
}`,
  )
}
