import type { StateSection } from '../../kernel/state-section.js'
import { useSection } from '../../kernel/state-section.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import type { StoredFilesState } from './stored-files-state.js'

export const storedFilesSection: StateSection<'storedFiles'> = {
  key: 'storedFiles',
  create: (): StoredFilesState => ({ files: {}, nextId: 77 }),
}

export const filesOf = (tenant: TenantState, now: number): StoredFilesState =>
  useSection(tenant, storedFilesSection, now)
