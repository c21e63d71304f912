import { open, readdir, unlink, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { LogRecord } from '../kernel/write-record.js'
import {
  cutTornTail,
  encodeRecord,
  readSegment,
  SEGMENT,
  segmentName,
  setDamageAside,
  WriteLogDamagedError,
} from './write-log-file.js'

export { WriteLogDamagedError }

export interface ReadOptions {
  /** Cut a damaged log at its last good record instead of refusing to start. */
  repair?: boolean
  /** What a repair did (for stderr). */
  onRepair?: (message: string) => void
}

export interface LogRead {
  records: LogRecord[]
  segments: number[]
  /** The highest sequence number seen, lost records included: new records are numbered above it. */
  lastSeq: number
  /** Readable records after a repaired damage: not replayed, but their ids are never issued again. */
  lost: LogRecord[]
  /** Whether anything was cut off (a torn tail, or a repair): the last records' ids are then unknown. */
  cut: boolean
}

/** Every record of the segments after a damaged one that still passes its check. */
async function readLater(dir: string, names: string[]): Promise<LogRecord[]> {
  const out: LogRecord[] = []
  for (const name of names) {
    const read = await readSegment(join(dir, name), false)
    out.push(...read.records, ...read.after)
  }
  return out
}

interface Pending {
  segment: number
  line: string
  done: () => void
  fail: (e: unknown) => void
}

/**
 * The append-only log of accepted API writes in a `--data-dir`: one line per write (its
 * checksum and the `LogRecord` with its `seq` as JSON, write-log-file.ts), in numbered
 * segment files. Appends are group-committed:
 * every line queued while a write+fdatasync is running goes out in the next one, and each
 * append resolves only once its line is on disk, so an answer is never sent for a write a
 * crash could lose. Compaction starts a new segment; segments the last snapshot covers are
 * deleted once that snapshot is durable.
 */
export class WriteLog {
  private seq: number
  private segment: number
  private queue: Pending[] = []
  private flushing: Promise<void> | null = null
  private readonly handles = new Map<number, FileHandle>()
  /** Lines and fsyncs so far (the bench reports the group size). */
  readonly stats = { lines: 0, syncs: 0 }

  private constructor(
    private readonly dir: string,
    lastSeq: number,
    lastSegment: number,
  ) {
    this.seq = lastSeq
    this.segment = lastSegment + 1
  }

  /** The last sequence number issued. */
  get lastSeq(): number {
    return this.seq
  }

  /**
   * Read every segment of `dir`; records after `afterSeq` in order. A torn last line (a crash
   * in the middle of a write, never acknowledged) is cut off. A record that fails its check
   * throws WriteLogDamagedError, unless `repair`: then the damaged segment is kept aside, cut
   * at the last good record, and the later segments are moved aside (see setDamageAside).
   */
  static async read(dir: string, afterSeq: number, opts: ReadOptions = {}): Promise<LogRead> {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => SEGMENT.test(n)).sort()
    const out: LogRead = { records: [], segments: [], lastSeq: afterSeq, lost: [], cut: false }
    for (const [i, name] of names.entries()) {
      const file = join(dir, name)
      const read = await readSegment(file, i === names.length - 1)
      out.segments.push(Number(SEGMENT.exec(name)![1]))
      for (const rec of read.records) {
        if (rec.seq! > out.lastSeq) out.lastSeq = rec.seq!
        if (rec.seq! > afterSeq) out.records.push(rec)
      }
      if (read.tornAt !== null) {
        out.cut = true
        await cutTornTail(file, read.tornAt)
      }
      if (read.damagedAt === null) continue
      const lastGood = out.records.at(-1)?.seq ?? afterSeq
      if (!opts.repair) throw new WriteLogDamagedError(file, read.damagedAt, lastGood)
      out.cut = true
      const later = names.slice(i + 1)
      out.lost = [...read.after, ...(await readLater(dir, later))]
      for (const rec of out.lost) if (rec.seq! > out.lastSeq) out.lastSeq = rec.seq!
      const copy = await setDamageAside(dir, name, read.damagedAt, later)
      opts.onRepair?.(
        `the write log ${file} was damaged at byte ${read.damagedAt}: cut after record #${lastGood}, ` +
          `a copy is in ${copy}; ${out.lost.length} readable later record(s) are not replayed`,
      )
      break
    }
    out.records.sort((a, b) => a.seq! - b.seq!)
    return out
  }

  static create(dir: string, lastSeq: number, segments: readonly number[]): WriteLog {
    return new WriteLog(dir, lastSeq, segments.length ? Math.max(...segments) : 0)
  }

  /** Queue a record; resolves once it is on disk. */
  append(record: LogRecord): Promise<void> {
    record.seq = ++this.seq
    const line = encodeRecord(record)
    return new Promise<void>((done, fail) => {
      this.queue.push({ segment: this.segment, line, done, fail })
      this.kick()
    })
  }

  /**
   * Start a new segment; returns the sequence number every record of the older segments is
   * at or below (what a snapshot taken now covers).
   */
  rotate(): number {
    this.segment++
    return this.seq
  }

  /** Delete the segments before the current one (a durable snapshot covers them). */
  async dropOlderSegments(): Promise<void> {
    await this.drain()
    const current = this.segment
    for (const [n, fh] of this.handles) {
      if (n < current) {
        await fh.close().catch(() => {})
        this.handles.delete(n)
      }
    }
    for (const name of await readdir(this.dir)) {
      const m = SEGMENT.exec(name)
      if (m && Number(m[1]) < current) await unlink(join(this.dir, name)).catch(() => {})
    }
  }

  /** Wait until everything queued is on disk. */
  async drain(): Promise<void> {
    while (this.flushing || this.queue.length > 0) {
      this.kick()
      await this.flushing
    }
  }

  async close(): Promise<void> {
    await this.drain()
    for (const fh of this.handles.values()) await fh.close().catch(() => {})
    this.handles.clear()
  }

  private kick(): void {
    if (this.flushing || this.queue.length === 0) return
    this.flushing = this.flush().finally(() => {
      this.flushing = null
      this.kick()
    })
  }

  private async flush(): Promise<void> {
    const batch = this.queue
    this.queue = []
    const bySegment = new Map<number, Pending[]>()
    for (const p of batch) {
      let list = bySegment.get(p.segment)
      if (!list) {
        list = []
        bySegment.set(p.segment, list)
      }
      list.push(p)
    }
    for (const [segment, items] of bySegment) {
      try {
        let fh = this.handles.get(segment)
        if (!fh) {
          fh = await open(join(this.dir, segmentName(segment)), 'a')
          this.handles.set(segment, fh)
          // the new file's directory entry must survive a crash too
          const d = await open(this.dir, 'r')
          await d.sync().finally(() => d.close())
        }
        await fh.write(items.map((p) => p.line).join(''))
        await fh.datasync()
        this.stats.lines += items.length
        this.stats.syncs++
        for (const p of items) p.done()
      } catch (e) {
        for (const p of items) p.fail(e)
      }
    }
  }
}
