import type { EngineContext } from '../../../kernel/context.js'
import { accessibleTables, requireElement, requireTable } from './table-access.js'
import { lockTable, unlockTable } from './lock.js'
import { optionsOf } from '../members/fixed-options.js'
import { memberCount } from '../shared-tables.js'

/** get_environment_name: the environment's name. */
export function getEnvironmentName(ctx: EngineContext): string {
  return ctx.tenant.environmentName
}

/** get_member_tables: accessible tables in id order with their member counts. */
export function getMemberTables(ctx: EngineContext): { id: number; title: string; nums: number }[] {
  return accessibleTables(ctx).map((t) => ({ id: t.id, title: t.title, nums: memberCount(t) }))
}

/** get_member_table_elements: the elements in display order. */
export function getMemberTableElements(ctx: EngineContext, memberTableId: number) {
  return requireTable(ctx, memberTableId).elements.map((e) => ({
    id: e.id,
    name: e.name,
    type: e.type,
    required: e.required,
    unique: e.unique,
    system: e.system,
  }))
}

/** get_member_table_element_config: the config (options) of one element. */
export function getMemberTableElementConfig(ctx: EngineContext, elementId: number): Record<string, unknown> {
  const { element } = requireElement(ctx, elementId)
  const cfg: Record<string, unknown> = { ...element.config }
  if (['select', 'select_multiple', 'prefecture', 'sex', 'marriage'].includes(element.type))
    cfg.options = optionsOf(element)
  return cfg
}

export function lockDatabase(ctx: EngineContext, memberTableId: number): boolean {
  const t = requireTable(ctx, memberTableId)
  return lockTable(t, ctx.account?.id ?? 0, ctx.now())
}

export function unlockDatabase(ctx: EngineContext, memberTableId: number): boolean {
  return unlockTable(requireTable(ctx, memberTableId))
}
