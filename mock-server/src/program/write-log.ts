import { open, readdir, readFile, unlink, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { WriteRecord } from '../kernel/write-record.js'

const SEGMENT = /^krs-mock-writes-(\d+)\.log$/
const segmentName = (n: number): string => `krs-mock-writes-${String(n).padStart(8, '0')}.log`

interface Pending {
  segment: number
  line: string
  done: () => void
  fail: (e: unknown) => void
}

/**
 * The append-only log of accepted API writes in a `--data-dir`: one JSON line per write
 * (`WriteRecord` with its `seq`), in numbered segment files. Appends are group-committed:
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
   * in the middle of a write, never acknowledged) is dropped.
   */
  static async read(
    dir: string,
    afterSeq: number,
  ): Promise<{ records: WriteRecord[]; segments: number[]; lastSeq: number }> {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => SEGMENT.test(n)).sort()
    const records: WriteRecord[] = []
    let lastSeq = afterSeq
    const segments: number[] = []
    for (const name of names) {
      segments.push(Number(SEGMENT.exec(name)![1]))
      const text = await readFile(join(dir, name), 'utf8')
      for (const line of text.split('\n')) {
        if (line === '') continue
        let rec: WriteRecord
        try {
          rec = JSON.parse(line) as WriteRecord
        } catch {
          continue // torn tail
        }
        if (typeof rec.seq !== 'number') continue
        if (rec.seq > lastSeq) lastSeq = rec.seq
        if (rec.seq > afterSeq) records.push(rec)
      }
    }
    records.sort((a, b) => a.seq! - b.seq!)
    return { records, segments, lastSeq }
  }

  static create(dir: string, lastSeq: number, segments: readonly number[]): WriteLog {
    return new WriteLog(dir, lastSeq, segments.length ? Math.max(...segments) : 0)
  }

  /** Queue a record; resolves once it is on disk. */
  append(record: WriteRecord): Promise<void> {
    record.seq = ++this.seq
    const line = `${JSON.stringify(record)}\n`
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
