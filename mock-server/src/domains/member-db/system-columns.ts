/**
 * The system columns every member has besides its elements (`e_{id}`): the member id, four
 * timestamps and the last access. The one list that export, import, conditions, column sets,
 * the scenario schema and the snapshot schema read.
 */

/** Timestamps (unix seconds; NaN when unset). */
export const SYSTEM_TIMESTAMP_COLUMNS = ['regist_date', 'update_date', 'batch_date', 'upload_date'] as const
export type SystemTimestampColumn = (typeof SYSTEM_TIMESTAMP_COLUMNS)[number]

/** The last access: texts (null when unset). */
export const SYSTEM_TEXT_COLUMNS = ['last_host', 'last_referer', 'last_useragent'] as const
export type SystemTextColumn = (typeof SYSTEM_TEXT_COLUMNS)[number]

/** Every system column, in the order a member's record lists them. */
export const SYSTEM_COLUMNS = ['id', ...SYSTEM_TIMESTAMP_COLUMNS, ...SYSTEM_TEXT_COLUMNS] as const
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number]

const timestamps: ReadonlySet<string> = new Set(SYSTEM_TIMESTAMP_COLUMNS)
const texts: ReadonlySet<string> = new Set(SYSTEM_TEXT_COLUMNS)
const all: ReadonlySet<string> = new Set(SYSTEM_COLUMNS)

export const isSystemTimestampColumn = (name: string): name is SystemTimestampColumn => timestamps.has(name)
export const isSystemTextColumn = (name: string): name is SystemTextColumn => texts.has(name)
export const isSystemColumn = (name: string): name is SystemColumn => all.has(name)
