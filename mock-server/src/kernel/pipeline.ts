import { errorCatalogue, type ErrorCode } from '@krs-kit/contract/errors'
import { isOperationName, type OperationName, operationNames } from '@krs-kit/contract/operation-names'
import { type OperationRules, operationRules } from '@krs-kit/contract/operation-rules'
import type { Account } from './account.js'
import { checkAccess } from './access-check.js'
import { ContractViolationError, type EngineInternals } from './engine-internals.js'
import { errorResponse } from './error-response.js'
import { codeForStatus } from '@krs-kit/contract/status-codes'
import { idMarksOf } from './id-marks.js'
import { isKrsError } from './krs-error.js'
import { type Message, msg, pickLanguage, renderMessage } from './messages.js'
import { JOURNAL_TEXT_LIMIT, journalCopy } from './journal-body.js'
import { jsonShapeProblem } from './json-shape.js'
import { contentLengthValue, JSON_CONTENT_TYPE, JSON_HEADERS, type RawRequest, type RawResponse } from './raw-http.js'
import { RequestContext } from './request-context.js'
import { bearerToken } from './route.js'
import {
  loadResponseValidator,
  type ValidationFailure,
  validateRequest,
  validateResponse,
} from './schema-validators.js'
import { textContentType } from './text-content-type.js'
import type { TenantRuntime } from './tenant-runtime.js'

/** The monotonic clock, read twice per call: looked up once (the global is a getter on Node). */
const perf = globalThis.performance

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i
/** The last `Content-Type` found to be JSON: clients send the same one on every call. */
let lastJsonType: string | undefined

function isJsonType(contentType: string): boolean {
  if (!JSON_TYPE.test(contentType)) return false
  lastJsonType = contentType
  return true
}

/**
 * Operations whose names promise a read. A call of one of them still counts as a write when
 * its context recorded a mutation (ctx.mutated); a call of any other operation counts as a
 * write when it succeeds.
 */
const READ_ONLY_NAME = /^(?:get|lookup|validate|check|search|auth)_/
const READ_ONLY: ReadonlySet<string> = new Set(operationNames.filter((op) => READ_ONLY_NAME.test(op)))

const ALLOW_POST = { Allow: 'POST' }

/** A body refused before it is validated (ApiCall.parseBody). */
class ParseRefusal {
  constructor(readonly response: RawResponse) {}
}

/** A request refused before its body is looked at (admit). */
class Refusal {
  constructor(
    readonly response: RawResponse,
    readonly tenant: TenantRuntime | null,
  ) {}
}

/**
 * A request that passed admit. refuseBeforeBody notes it on the request (`admission`, opaque
 * to doors) so that handleApi, given the same request object with its body, does not run
 * admit again.
 */
interface Admitted {
  op: OperationName
  info: OperationRules
  account: Account | null
  tenant: TenantRuntime
  /** The engine that admitted it, and its registry's generation then (TenantRegistry.generation). */
  engine: EngineInternals
  generation: number
}

/** A detail text in the language the request asks for (`Accept-Language`; English without it). */
const detailFor = (req: RawRequest, m: Message): string => renderMessage(m, pickLanguage(req.header('accept-language')))

function tooLarge(engine: EngineInternals, req: RawRequest, op: OperationName): Refusal {
  return new Refusal(
    errorResponse(
      'KRSKIT_PAYLOAD_TOO_LARGE',
      detailFor(req, msg('body_too_large', { max_bytes: engine.maxBodyBytes })),
      {
        operation: op,
      },
    ),
    null,
  )
}

/**
 * admit's answer for a request, taken from the note of refuseBeforeBody when there is one.
 * The note holds while no token, tenant or tenant state changed since (the registry's
 * generation): otherwise the token is looked up again, as it would be without the note. Only
 * the body's own size is left to check, since the note was taken before the body was read.
 */
function admitted(engine: EngineInternals, req: RawRequest, name: string): Admitted | Refusal {
  const note = req.admission as Admitted | undefined
  if (
    note === undefined ||
    note.engine !== engine ||
    note.op !== name ||
    note.generation !== engine.registry.generation
  )
    return admit(engine, req, name)
  return req.bodyText.length > engine.maxBodyBytes ? tooLarge(engine, req, note.op) : note
}

/**
 * The checks that need no body: method → API name → content type → size (the body's, or
 * the declared `Content-Length`) → token. A door may run them before it reads the body
 * (refuseBeforeBody), so that a body sent with an unknown token is never parsed nor kept.
 */
function admit(engine: EngineInternals, req: RawRequest, name: string): Admitted | Refusal {
  if (req.method !== 'POST') {
    return new Refusal(
      errorResponse('KRSKIT_METHOD_NOT_ALLOWED', detailFor(req, msg('method_not_allowed', { method: req.method })), {
        headers: ALLOW_POST,
        operation: isOperationName(name) ? name : null,
      }),
      null,
    )
  }
  if (!isOperationName(name))
    return new Refusal(errorResponse('KR_API_F0012', detailFor(req, msg('unknown_api_name', { name }))), null)
  const op = name
  const contentType = req.header('content-type')
  if (contentType !== undefined && contentType !== lastJsonType && !isJsonType(contentType)) {
    return new Refusal(
      errorResponse(
        'KRSKIT_UNSUPPORTED_MEDIA_TYPE',
        detailFor(req, msg('media_type_not_json', { content_type: contentType })),
        { operation: op },
      ),
      null,
    )
  }
  const declared = req.header('content-length')
  if (req.bodyText.length > engine.maxBodyBytes || contentLengthValue(declared) > engine.maxBodyBytes)
    return tooLarge(engine, req, op)
  const info = operationRules[op]
  const auth = req.header('authorization')
  const token = bearerToken(auth)
  const caller = token === undefined ? null : engine.registry.resolve(token)
  if (info.security && !caller?.account) {
    return new Refusal(
      errorResponse('KR_API_F1001', detailFor(req, msg('token_invalid')), {
        operation: op,
      }),
      caller?.tenant ?? null,
    )
  }
  return {
    op,
    info,
    account: caller?.account ?? null,
    tenant: caller?.tenant ?? engine.registry.default,
    engine,
    generation: engine.registry.generation,
  }
}

/**
 * The answer to an API request that is refused whatever its body says (see admit), journaled
 * like any answer, or null when the request needs its body. The door has not read the body:
 * the journal keeps none. A request it lets through carries its admission on to handleApi
 * (see Admitted).
 */
export function refuseBeforeBody(engine: EngineInternals, req: RawRequest, name: string): RawResponse | null {
  const gate = admit(engine, req, name)
  if (!(gate instanceof Refusal)) {
    req.admission = gate
    return null
  }
  const id = requestIdOf(engine, req)
  record(engine, gate.tenant ?? engine.registry.default, req, gate.response, id, perf.now())
  return withRequestId(gate.response, id)
}

/**
 * The request pipeline of the product API, in the order the contract states:
 * route → method → API name → content type → size → token → JSON (bounded shape: F0004, then
 * parse) → faults → request schema → rights and options → handler → error mapping → (dev)
 * response check → journal.
 */
export function handleApi(
  engine: EngineInternals,
  req: RawRequest,
  name: string,
  requestId: string,
): RawResponse | Promise<RawResponse> {
  // an engine that checks its answers loads the operation's answer validator before its first call
  const loading = engine.validateResponses && isOperationName(name) ? loadResponseValidator(name) : null
  if (loading) return loading.then(() => handleApi(engine, req, name, requestId))
  const started = perf.now()
  const call = new ApiCall(engine, req, name, requestId)
  // Synchronous unless a fault delays the answer or the handler returns a promise: no
  // promise and no microtask on the common path (the Node door answers in the same tick).
  const res = call.run()
  if (res instanceof Promise) {
    return res.then((r) => {
      record(engine, call.tenant, req, r, requestId, started)
      return r
    })
  }
  record(engine, call.tenant, req, res, requestId, started)
  return res
}

/** One API call through the steps after admission; `tenant` is known once it is admitted. */
class ApiCall {
  tenant: TenantRuntime

  constructor(
    readonly engine: EngineInternals,
    readonly req: RawRequest,
    readonly name: string,
    readonly requestId: string,
  ) {
    this.tenant = engine.registry.default
  }

  run(): RawResponse | Promise<RawResponse> {
    const gate = admitted(this.engine, this.req, this.name)
    if (gate instanceof Refusal) {
      if (gate.tenant) this.tenant = gate.tenant
      return gate.response
    }
    const { op, info, account } = gate
    this.tenant = gate.tenant
    if (this.req.bodyNotUtf8) return errorResponse('KR_API_F1004', this.detail(msg('body_not_utf8')), { operation: op })
    // The same read as the last one kept: its body is known to be well-formed and valid.
    const known = this.req.parsedBody === undefined ? this.engine.readBodies.get(op, this.req.bodyText) : undefined
    const body = known === undefined ? this.parseBody(op) : known
    if (body instanceof ParseRefusal) return body.response

    if (this.tenant.clock.mode() === 'real' && this.engine.hooks.length > 0) this.tenant.scheduler.catchUp()

    const fault = this.tenant.faults.take(op)
    if (fault) {
      const code: ErrorCode | null =
        fault.errorCode ?? (fault.status !== null ? (codeForStatus[fault.status] ?? 'KRSKIT_INTERNAL_ERROR') : null)
      const answer = (): RawResponse | Promise<RawResponse> => {
        if (code === null) return this.afterFaults(op, body, info, account, known !== undefined)
        const headers = code === 'KRSKIT_RATE_LIMITED' ? { 'Retry-After': '1' } : undefined
        const opts: Parameters<typeof errorResponse>[2] = {
          operation: op,
          requestId: this.requestId,
          tenantId: this.tenant.id,
        }
        if (fault.status !== null) opts.status = fault.status
        if (headers) opts.headers = headers
        return errorResponse(code, 'injected fault (POST /__mock/faults)', opts)
      }
      return fault.delayMs > 0 ? sleep(fault.delayMs).then(answer) : answer()
    }
    return this.afterFaults(op, body, info, account, known !== undefined)
  }

  /**
   * The body, scanned for its shape and parsed (by the door's worker when it was large), or
   * the refusal: a body past the shape bounds may well be valid JSON, but no operation's
   * parameters have that shape, so it is refused as parameters are (F0004), unparsed, and
   * not kept (the journal shows no text of it, whichever door read it).
   */
  parseBody(op: OperationName): unknown {
    const req = this.req
    const shape = req.bodyShapeProblem === undefined ? jsonShapeProblem(req.bodyText) : req.bodyShapeProblem
    if (shape !== null) {
      req.bodyText = ''
      return new ParseRefusal(
        errorResponse('KR_API_F0004', `the body is refused unparsed: ${shape}`, { operation: op }),
      )
    }
    const parsed = req.parsedBody
    try {
      if (parsed !== undefined && 'error' in parsed) throw new SyntaxError(parsed.error)
      return parsed === undefined ? JSON.parse(req.bodyText) : parsed.value
    } catch (e) {
      return new ParseRefusal(
        errorResponse('KR_API_F1004', this.detail(msg('body_not_json', { reason: (e as Error).message })), {
          operation: op,
        }),
      )
    }
  }

  /**
   * Request schema → rights and options → handler → error mapping → response check. `known`:
   * the body is the kept one of the same read (ReadBodyMemo), valid already. A valid body of
   * a read-like call is kept, frozen, before its handler sees it.
   */
  afterFaults(
    op: OperationName,
    body: unknown,
    info: OperationRules,
    account: Account | null,
    known: boolean,
  ): RawResponse | Promise<RawResponse> {
    if (known) return this.afterValidation(op, body, info, account, null)
    const invalid = validateRequest(op, body)
    // only the first request of an operation waits, while its validator module is loaded
    if (invalid instanceof Promise)
      return invalid.then((v) => this.afterValidation(op, this.kept(op, body, v), info, account, v))
    return this.afterValidation(op, this.kept(op, body, invalid), info, account, invalid)
  }

  /** `body`, kept (frozen) for the next same read when it is a valid one of a read-like call. */
  kept(op: OperationName, body: unknown, invalid: ValidationFailure | null): unknown {
    if (invalid === null && this.req.parsedBody === undefined && READ_ONLY.has(op))
      this.engine.readBodies.keep(op, this.req.bodyText, body)
    return body
  }

  afterValidation(
    op: OperationName,
    body: unknown,
    info: OperationRules,
    account: Account | null,
    invalid: ValidationFailure | null,
  ): RawResponse | Promise<RawResponse> {
    if (invalid)
      return errorResponse(invalid.missing ? 'KR_API_F0006' : 'KR_API_F0004', this.detail(invalid.detail), {
        operation: op,
      })

    if (account) {
      const refusal = checkAccess(info, account)
      if (refusal) return errorResponse(refusal.code, this.detail(refusal.message), { operation: op })
    }

    const ctx = new RequestContext(op, this.tenant, account, this.requestId)
    // the time and random state before the call, for the persistence hook only
    const persist = this.engine.persistence !== null && !this.engine.replaying
    const at = persist ? this.tenant.clock.now() : 0
    const randomBefore = persist ? this.tenant.random.getState() : null
    // A module's JSON-text answer when it has one (never while responses are validated).
    const writeJson = this.engine.jsonAnswers[op]
    let result: unknown
    try {
      const handler = writeJson ?? (this.engine.handlers[op] as (c: RequestContext, b: unknown) => unknown)
      result = handler(ctx, body)
    } catch (e) {
      return this.failure(op, ctx, e)
    }
    if (writeJson) return this.done(op, ctx, result, body, at, randomBefore, true)
    if (result instanceof Promise) {
      return result.then(
        (r: unknown) => this.done(op, ctx, r, body, at, randomBefore),
        (e: unknown) => this.failure(op, ctx, e),
      )
    }
    return this.done(op, ctx, result, body, at, randomBefore)
  }

  /**
   * The answer of a successful call. A call that changed state (it says so through the
   * request context, or its name is not read-like) marks the engine changed and, with a
   * persistence hook (EngineOptions.persistence), is handed to it before it is answered.
   */
  done(
    op: OperationName,
    ctx: RequestContext,
    result: unknown,
    body: unknown,
    at: number,
    randomBefore: ReturnType<TenantRuntime['random']['getState']> | null,
    jsonText = false,
  ): RawResponse | Promise<RawResponse> {
    const out = this.success(op, result, body, jsonText)
    if (!ctx.mutated && READ_ONLY.has(op)) return out
    this.engine.markChanged()
    if (!this.engine.persistence || !randomBefore) return out
    const auth = this.req.header('authorization')
    return this.engine.persistence
      .onWrite({
        tenant: this.tenant.id,
        at,
        random: randomBefore,
        path: this.req.path,
        authorization: auth ?? null,
        body: this.req.bodyText,
        ids: idMarksOf(this.tenant.state),
      })
      .then(
        () => out,
        (e: unknown) => {
          this.engine.logger.error(`${this.requestId} ${op}: the write was applied but could not be logged`, e)
          return errorResponse(
            'KRSKIT_INTERNAL_ERROR',
            `the write was applied but could not be made durable: ${String((e as Error)?.message ?? e)}`,
            {
              operation: op,
              requestId: this.requestId,
              tenantId: this.tenant.id,
            },
          )
        },
      )
  }

  /** The language of this answer's detail texts, from the request's `Accept-Language`. */
  language(): 'en' | 'ja' {
    return pickLanguage(this.req.header('accept-language'))
  }

  detail(m: Message): string {
    return renderMessage(m, this.language())
  }

  failure(op: OperationName, ctx: RequestContext, e: unknown): RawResponse {
    try {
      ctx.rollback()
    } catch (undoError) {
      this.engine.logger.error(
        `${this.requestId} ${op}: an undo step failed; tenant ${this.tenant.id} may be inconsistent`,
        undoError,
      )
    }
    if (isKrsError(e)) {
      if (
        this.engine.validateResponses &&
        !operationRules[op].errors.includes(e.code) &&
        errorCatalogue[e.code].scope === 'operation'
      ) {
        throw new ContractViolationError(
          `${op} answered ${e.code}, which the contract does not list for it (x-krs-errors)`,
        )
      }
      const opts: Parameters<typeof errorResponse>[2] = {
        operation: op,
        requestId: this.requestId,
        tenantId: this.tenant.id,
      }
      if (e.headers) opts.headers = e.headers
      return errorResponse(e.code, e.detailIn(this.language()), opts)
    }
    this.engine.logger.error(`${this.requestId} ${op}: unexpected exception (answered 500, state rolled back)`, e)
    return errorResponse(
      'KRSKIT_INTERNAL_ERROR',
      `unexpected error (${String((e as Error)?.message ?? e)}); see the request journal`,
      {
        operation: op,
        requestId: this.requestId,
        tenantId: this.tenant.id,
      },
    )
  }

  /** `jsonText`: the result is already the answer's JSON text (a module's JSON-text answer). */
  success(op: OperationName, result: unknown, body: unknown, jsonText: boolean): RawResponse {
    const info = operationRules[op]
    if (this.engine.validateResponses) {
      const mismatch = validateResponse(op, result)
      if (mismatch) throw new ContractViolationError(`${op} response does not match the contract: ${mismatch}`)
    }
    if (info.responseType === 'text') {
      return {
        status: 200,
        headers: {
          'content-type': textContentType(
            this.engine.textContentTypes,
            op,
            info.responseContentTypes,
            this.tenant.state,
            body,
          ),
        },
        body: String(result),
        operation: op,
        errorCode: null,
        tenantId: this.tenant.id,
      }
    }
    // The shared header object: doors only read response headers.
    return {
      status: 200,
      headers: JSON_HEADERS as Record<string, string>,
      body: jsonText ? (result as string) : JSON.stringify(result),
      operation: op,
      errorCode: null,
      tenantId: this.tenant.id,
    }
  }
}

function record(
  engine: EngineInternals,
  tenant: TenantRuntime,
  req: RawRequest,
  res: RawResponse,
  id: string,
  started: number,
): void {
  if (res.tenantId === null) res.tenantId = tenant.id
  // The journal keeps its entries by column (journal.ts): no entry object per request.
  const cut = req.bodyText.length > JOURNAL_TEXT_LIMIT
  tenant.journal.add(
    id,
    tenant.clock.now(),
    engine.wall(),
    req.method,
    req.path,
    res.operation,
    res.status,
    res.errorCode,
    Math.round((perf.now() - started) * 1000) / 1000,
    journalCopy(req.bodyText),
    typeof res.body !== 'string' ? `<${res.body.byteLength} bytes>` : journalCopy(res.body),
    cut ? req.bodyText.length : undefined,
    cut ? req.bodySha256 : undefined,
  )
}

/** A client-sent `X-Request-Id` is taken as the journal id when it is short and plain. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The id of one request: the client's `X-Request-Id` when it is acceptable (1–128 of
 * `A-Z a-z 0-9 . _ : -`), else the engine's next `req_NNNNNN`. The journal records it and
 * the response carries it back as `X-Request-Id`.
 */
export function requestIdOf(engine: EngineInternals, req: RawRequest): string {
  const sent = req.header('x-request-id')
  return sent !== undefined && CLIENT_REQUEST_ID.test(sent) ? sent : engine.nextRequestId()
}

/** The response with its `X-Request-Id` (set on a copy of its headers, which may be shared). */
export function withRequestId(res: RawResponse, requestId: string): RawResponse {
  // Every answer is a fresh object made for this request (only its headers may be shared):
  // set the header on a copy of the headers, not on a copy of the whole answer. Copied key by
  // key: an object spread costs about a microsecond here, and leaves an object the door's
  // header loop walks slowly.
  const h = res.headers
  if (h === JSON_HEADERS) {
    // the common answer's headers: one literal of a fixed shape
    res.headers = { 'content-type': JSON_CONTENT_TYPE, 'x-request-id': requestId }
    return res
  }
  const copy: Record<string, string> = {}
  for (const k in h) copy[k] = h[k]!
  copy['x-request-id'] = requestId
  res.headers = copy
  return res
}

/** `withRequestId` on an answer that may still be pending. */
export function thenWithRequestId(
  res: RawResponse | Promise<RawResponse>,
  requestId: string,
): RawResponse | Promise<RawResponse> {
  return res instanceof Promise ? res.then((r) => withRequestId(r, requestId)) : withRequestId(res, requestId)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
