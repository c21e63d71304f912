import type { MemberDbState, MemberTableState } from './member-db-state.js'

/**
 * The member tables of a fork (or of its parent after the fork): a Map that holds tables it
 * shares with other tenants until it hands one out, and then its own copy of that table. So a
 * fork of a tenant of a million members copies nothing until it touches a table, and then
 * only that table. Shared tables are never written: every holder copies before use.
 */
export class SharedTables extends Map<number, MemberTableState> {
  /** Ids of the tables still shared. */
  private readonly sharedIds = new Set<number>()

  /** Tables that share every table of `source` (read without copying them). */
  static over(source: Map<number, MemberTableState>): SharedTables {
    const out = new SharedTables()
    for (const [id, table] of peekTables(source)) {
      Map.prototype.set.call(out, id, table)
      out.sharedIds.add(id)
    }
    return out
  }

  /** Whether table `id` is still shared (tests, benches). */
  shares(id: number): boolean {
    return this.sharedIds.has(id)
  }

  /** The tables as they are, shared ones included, without copying (read only: snapshot export). */
  peek(): IterableIterator<[number, MemberTableState]> {
    return super.entries()
  }

  override get(id: number): MemberTableState | undefined {
    const table = super.get(id)
    if (table === undefined || !this.sharedIds.has(id)) return table
    const mine = cloneTable(table)
    this.sharedIds.delete(id)
    super.set(id, mine)
    return mine
  }

  override set(id: number, table: MemberTableState): this {
    this.sharedIds.delete(id)
    return super.set(id, table)
  }

  override delete(id: number): boolean {
    this.sharedIds.delete(id)
    return super.delete(id)
  }

  override clear(): void {
    this.sharedIds.clear()
    super.clear()
  }

  private ownAll(): void {
    for (const id of [...this.sharedIds]) this.get(id)
  }

  override values(): MapIterator<MemberTableState> {
    this.ownAll()
    return super.values()
  }

  override entries(): MapIterator<[number, MemberTableState]> {
    this.ownAll()
    return super.entries()
  }

  override [Symbol.iterator](): MapIterator<[number, MemberTableState]> {
    return this.entries()
  }

  override forEach(
    fn: (table: MemberTableState, id: number, map: Map<number, MemberTableState>) => void,
    thisArg?: unknown,
  ): void {
    this.ownAll()
    super.forEach(fn, thisArg)
  }
}

/** The entries of member tables without copying shared ones (read only). */
export function peekTables(tables: Map<number, MemberTableState>): Iterable<[number, MemberTableState]> {
  return tables instanceof SharedTables ? tables.peek() : tables.entries()
}

/** An independent copy of a table (its columns copied, its derived caches rebuilt on use). */
export function cloneTable(t: MemberTableState): MemberTableState {
  return {
    id: t.id,
    title: t.title,
    elements: structuredClone(t.elements),
    members: t.members.clone(),
    lock: t.lock === null ? null : { ...t.lock },
    autogenNext: { ...t.autogenNext },
  }
}

/** A fork's member database: its own small parts, its tables shared until touched. */
export function forkMemberDb(db: MemberDbState): MemberDbState {
  return {
    tables: SharedTables.over(db.tables),
    conditions: structuredClone(db.conditions),
    nextConditionId: db.nextConditionId,
    conditionUses: structuredClone(db.conditionUses),
    blacklist: [...db.blacklist],
  }
}
