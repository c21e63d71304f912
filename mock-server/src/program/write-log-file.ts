import { copyFile, mkdir, open, readFile, rename, truncate } from 'node:fs/promises'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import type { LogRecord } from '../kernel/write-record.js'

// How one record of the write log is written and read back. A line is the record's CRC-32
// (8 hex digits), a space and its JSON: a changed byte anywhere in a complete line, its newline
// included, makes the line fail its check, so a damaged record is never taken for a torn one.

export const SEGMENT = /^krs-mock-writes-(\d+)\.log$/
export const segmentName = (n: number): string => `krs-mock-writes-${String(n).padStart(8, '0')}.log`
/** Where `--repair` keeps the damaged segment and the segments after it. */
const DAMAGED_DIR = 'damaged'

export function encodeRecord(record: LogRecord): string {
  const json = JSON.stringify(record)
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`
}

/** The record of a line (without its newline), or null when the line fails its check. */
function decodeRecord(line: Buffer): LogRecord | null {
  const text = line.toString('utf8')
  // lines written before records had a checksum are plain JSON
  const json = text.startsWith('{') ? text : /^[0-9a-f]{8} /.test(text) ? text.slice(9) : null
  if (json === null) return null
  if (json !== text && crc32(json).toString(16).padStart(8, '0') !== text.slice(0, 8)) return null
  try {
    const rec = JSON.parse(json) as LogRecord
    return typeof rec === 'object' && rec !== null && typeof rec.seq === 'number' ? rec : null
  } catch {
    return null
  }
}

/** A record of the write log fails its check: the start stops (or `--repair` truncates there). */
export class WriteLogDamagedError extends Error {
  override readonly name = 'WriteLogDamagedError'
  constructor(
    readonly file: string,
    readonly offset: number,
    readonly lastGoodSeq: number,
  ) {
    super(
      `the write log ${file} is damaged at byte ${offset} (the last good record before it is #${lastGoodSeq}); ` +
        'nothing was changed. Start with --repair to keep a copy of the damaged segment in ' +
        `${DAMAGED_DIR}/, cut the log at that byte and start (the writes after it are lost)`,
    )
  }
}

export interface SegmentRead {
  /** Records that passed their check, in file order. */
  records: LogRecord[]
  /** Byte offset of the first line that failed its check, or null. */
  damagedAt: number | null
  /** Offset of a torn tail (an unfinished last line: never acknowledged), or null. */
  tornAt: number | null
  /** Records after the damage that still pass their check (lost by a repair, but their seqs and ids count). */
  after: LogRecord[]
}

/**
 * Read one segment. An unfinished last line of the last segment is a torn write (a crash in
 * the middle of it, never acknowledged) unless it is a complete record whose newline changed.
 */
export async function readSegment(file: string, last: boolean): Promise<SegmentRead> {
  const bytes = await readFile(file)
  const out: SegmentRead = { records: [], damagedAt: null, tornAt: null, after: [] }
  let start = 0
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start)
    const end = nl < 0 ? bytes.length : nl
    const line = bytes.subarray(start, end)
    const rec = line.length === 0 ? null : decodeRecord(line)
    if (rec && out.damagedAt === null) out.records.push(rec)
    else if (rec) out.after.push(rec)
    else if (out.damagedAt === null) {
      const torn = nl < 0 && last && (line.length < 2 || !decodeRecord(line.subarray(0, line.length - 1)))
      if (torn) out.tornAt = start
      else out.damagedAt = start
    }
    start = end + 1
  }
  return out
}

/** Cut a torn tail off (it was never acknowledged), so that later segments do not follow it. */
export async function cutTornTail(file: string, offset: number): Promise<void> {
  await truncate(file, offset)
  const fh = await open(file, 'r+')
  await fh.sync().finally(() => fh.close())
}

/**
 * `--repair`: a copy of the damaged segment and every later one goes to `<dir>/damaged/`, the
 * damaged segment is cut at `offset`, the later ones are moved away. Returns the copy's path.
 */
export async function setDamageAside(dir: string, name: string, offset: number, later: string[]): Promise<string> {
  const aside = join(dir, DAMAGED_DIR)
  await mkdir(aside, { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const copy = join(aside, `${name}.${stamp}`)
  await copyFile(join(dir, name), copy)
  for (const n of later) await rename(join(dir, n), join(aside, `${n}.${stamp}`))
  await cutTornTail(join(dir, name), offset)
  return copy
}
