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
  return data
}
