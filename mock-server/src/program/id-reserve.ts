import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import type { IdMarks } from '../kernel/id-marks.js'
import { writeFileAtomic } from './persistence.js'

/** The file of reserved ids in a `--data-dir`. */
export const ID_RESERVE_FILE = 'krs-mock-ids.json'
/** Ids reserved at a time, per counter: the file is written once per this many ids. */
export const ID_BLOCK = 1024

/**
 * Ids reserved in blocks, so that no id is issued twice even when the write log's very last
 * record is lost (damaged or torn, then cut by a repair), which no later record can vouch for.
 * Before a write whose id counters (`next…Id`) pass their reservation is acknowledged, the
 * reservation of each such counter is raised to the counter plus ID_BLOCK and written to
 * `krs-mock-ids.json` (atomically, with its CRC-32). After a repair or a torn tail, every
 * tenant's counters are raised to their reservation: ids restart above every id that may
 * have been acknowledged. A damaged reservation file stops the start like a damaged log
 * record; with repair, it is left out (the log's own marks then apply) and written again.
 */
export class IdReserve {
  /** tenant → counter path (JSON) → [path, reserved value] */
  private readonly tenants = new Map<string, Map<string, [(string | number)[], number]>>()
  private writing: Promise<void> | null = null
  private dirty = false

  private constructor(private readonly file: string) {}

  static async read(dir: string, repair: boolean, onRepair: (m: string) => void): Promise<IdReserve> {
    const file = join(dir, ID_RESERVE_FILE)
    const r = new IdReserve(file)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return r
      throw e
    }
    const sp = text.indexOf(' ')
    const json = text.slice(sp + 1).trimEnd()
    let parsed: Record<string, IdMarks> | null = null
    if (sp === 8 && crc32(json).toString(16).padStart(8, '0') === text.slice(0, 8)) {
      try {
        parsed = JSON.parse(json) as Record<string, IdMarks>
      } catch {
        parsed = null
      }
    }
    if (parsed === null) {
      if (!repair)
        throw new Error(
          `the reserved ids ${file} are damaged (their checksum fails): start with --repair to rebuild them from the write log, or restore the file`,
        )
      onRepair(`the reserved ids ${file} were damaged: left out, written again from now on`)
      r.dirty = true
      return r
    }
    for (const [tenant, marks] of Object.entries(parsed)) {
      const m = new Map<string, [(string | number)[], number]>()
      for (const [path, value] of marks) m.set(JSON.stringify(path), [path, value])
      r.tenants.set(tenant, m)
    }
    return r
  }

  /** A tenant's reserved counters. */
  marksOf(tenant: string): IdMarks {
    return [...(this.tenants.get(tenant)?.values() ?? [])]
  }

  /** Every tenant with a reservation. */
  tenantIds(): string[] {
    return [...this.tenants.keys()]
  }

  /**
   * Null when `ids` (a tenant's counters after a write) are within their reservation and
   * none is being written; else a promise that resolves once the raised reservation is on
   * disk (the write's answer waits for it).
   */
  cover(tenant: string, ids: IdMarks | undefined): Promise<void> | null {
    let raised = this.dirty
    if (ids) {
      let m = this.tenants.get(tenant)
      for (const [path, value] of ids) {
        const key = JSON.stringify(path)
        const have = m?.get(key)
        if (have && have[1] >= value) continue
        if (!m) {
          m = new Map()
          this.tenants.set(tenant, m)
        }
        m.set(key, [path, value + ID_BLOCK])
        raised = true
      }
    }
    if (raised) {
      this.dirty = false
      const text = this.text()
      const previous = this.writing ?? Promise.resolve()
      const next: Promise<void> = previous
        .catch(() => {})
        .then(() => writeFileAtomic(this.file, text))
        .finally(() => {
          if (this.writing === next) this.writing = null
        })
      this.writing = next
      return next
    }
    return this.writing
  }

  private text(): string {
    const out: Record<string, IdMarks> = {}
    for (const [tenant, m] of this.tenants) out[tenant] = [...m.values()]
    const json = JSON.stringify(out)
    return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`
  }
}
