import type { Delivery } from '../mail-state.js'
import { handoverProgress } from './counts.js'

/** `配信対象数 N (P%完了)` in phases 2 and 3; '' before (no list yet). */
export function statusDescription(d: Delivery, now: number): string {
  if (d.phase < 2 || !d.list) return ''
  const pct = Math.floor(handoverProgress(d, now) * 100)
  return `配信対象数 ${d.list.memberIds.length} (${pct}%完了)`
}
