/** Where the SDK writes its log lines; `console` fits. */
export interface KrsLogger {
  debug(message: string, ...rest: unknown[]): void
  info(message: string, ...rest: unknown[]): void
  warn(message: string, ...rest: unknown[]): void
  error(message: string, ...rest: unknown[]): void
}

/**
 * `debug`: every attempt (operation, status, duration, attempt number, request id);
 * `info`: retries; `warn`/`error`: nothing yet beyond what the thrown errors say; `off`.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off'

const rank: { readonly [L in LogLevel]: number } = { debug: 10, info: 20, warn: 30, error: 40, off: 100 }

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && value in rank
}

/** True when messages of `level` pass the configured `threshold`. */
export function enabled(threshold: LogLevel, level: Exclude<LogLevel, 'off'>): boolean {
  return rank[level] >= rank[threshold]
}
