import type { MemberColumns } from './member-columns.js'
import { inheritSortedIndexes } from './members/sorted-index.js'
import { inheritUniqueIndex } from './members/unique-index.js'
import { pendingCount } from './lazy-members.js'
import type { MemberDbState, MemberTableState } from './member-db-state.js'

/**
 * The member tables of a fork (or of its parent after the fork): a Map that holds tables it
 * shares with other tenants until it hands one out, and then its own copy of that table. So a
 * fork of a tenant of a million members copies nothing until it touches a table, and then
 * only that table (its columns when it reads members: `cloneTable`). Shared tables are never
 * written: every holder copies before use.
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

/** Table copies whose member columns are still those of the table they were copied from. */
const sharedMembers = new WeakMap<MemberTableState, MemberTableState>()

/**
 * An independent copy of a table. Its member columns (nearly all of its size) are shared in
 * chunks when they are first read (`MemberColumns.clone`: a list of chunks per column, each
 * chunk copied on its first write), so reading a fork's members copies none; the unique and
 * sorted indexes of the source serve the copy until it writes, then its changed rows are
 * patched over them (members/unique-index.ts, members/sorted-index.ts).
 */
export function cloneTable(t: MemberTableState): MemberTableState {
  const copy = {
    id: t.id,
    title: t.title,
    elements: structuredClone(t.elements),
    lock: t.lock === null ? null : { ...t.lock },
    autogenNext: { ...t.autogenNext },
  } as MemberTableState
  const own = (members: MemberColumns) => {
    Object.defineProperty(copy, 'members', { value: members, writable: true, enumerable: true, configurable: true })
    sharedMembers.delete(copy)
  }
  sharedMembers.set(copy, t)
  Object.defineProperty(copy, 'members', {
    enumerable: true,
    configurable: true,
    get() {
      // read here, not when copied: the source's generated members may not be made yet
      const source = peekMembers(t)
      const members = source.clone()
      inheritUniqueIndex(source, members)
      inheritSortedIndexes(source, members)
      own(members)
      return members
    },
    set: own,
  })
  return copy
}

/** Whether a table copy still reads the member columns of the table it was copied from (tests, benches). */
export function sharesMembers(t: MemberTableState): boolean {
  return sharedMembers.has(t)
}

/** A table's member columns without copying shared ones (read only: snapshot export). */
export function peekMembers(t: MemberTableState): MemberColumns {
  const source = sharedMembers.get(t)
  return source === undefined ? t.members : peekMembers(source)
}

/** A table's member count without copying shared columns or making pending generated members. */
export function memberCount(t: MemberTableState): number {
  const source = sharedMembers.get(t)
  if (source !== undefined) return memberCount(source)
  return pendingCount(t) ?? t.members.count
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
