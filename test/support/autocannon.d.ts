// The few autocannon 9 types the cross tests and bench/load-*.ts use (autocannon ships no
// declarations; @types/autocannon is not installed).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      setupRequest?: (req: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
    }
    interface Options {
      url: string
      connections?: number
      duration?: number
      amount?: number
      timeout?: number
      pipelining?: number
      method?: string
      headers?: Record<string, string>
      body?: string
      requests?: Request[]
    }
    interface Result {
      requests: { total: number; average: number }
      latency: { p99: number; average: number }
      errors: number
      timeouts: number
      non2xx: number
      duration: number
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): unknown
  export default autocannon
}
