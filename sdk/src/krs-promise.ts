/** A call's value with the raw response and the request id. */
export interface WithResponse<T> {
  data: T
  /** The raw response (its body has been read). */
  response: Response
  /** The server's `X-Request-Id`, else the id the SDK sent; undefined when neither exists. */
  requestId: string | undefined
}

/**
 * What an operation method returns: a promise of the data, like any other, plus
 * `withResponse()` for the raw response and the request id of the same call
 * (`const { data, response, requestId } = await krs.getMemberInfo(...).withResponse()`).
 */
export interface KrsPromise<T> extends Promise<T> {
  withResponse(): Promise<WithResponse<T>>
  /**
   * The raw `Response` of the call, with a body that can still be read (`await res.json()`),
   * and no decoding by the SDK: `const res = await krs.getMemberTables().asResponse()`.
   * Failures are thrown as with the plain promise.
   */
  asResponse(): Promise<Response>
}

/**
 * The text of each successful answer the SDK read, by its response: what `asResponse()`
 * gives back as a readable body. Weak, so an answer nobody asks for costs nothing.
 */
const answeredText = new WeakMap<Response, string>()

/** Records the text read from a successful response (the request engine calls this). */
export function rememberText(response: Response, text: string): void {
  answeredText.set(response, text)
}

function readable(response: Response): Response {
  if (!response.bodyUsed) return response
  const text = answeredText.get(response) ?? ''
  return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers })
}

const ignore = (): void => {}

/** The data promise of a call, with `withResponse()` giving the whole result. */
export function krsPromise<T>(result: Promise<WithResponse<T>>): KrsPromise<T> {
  const data = result.then((r) => r.data) as KrsPromise<T>
  data.withResponse = () => {
    // The caller now awaits the full result; the data promise alone must not report an unhandled rejection.
    data.catch(ignore)
    return result
  }
  data.asResponse = () => {
    data.catch(ignore)
    return result.then((r) => readable(r.response))
  }
  return data
}
