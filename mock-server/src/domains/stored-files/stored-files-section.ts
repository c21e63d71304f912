import type { StateSection } from '../../kernel/state-section.js'
import { useSection } from '../../kernel/state-section.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import type { StoredFilesState } from './stored-files-state.js'

/** Stored-file state is plain JSON data: a deep copy is its snapshot. */
const copy = <T>(v: T): T => structuredClone(v)

export const storedFilesSection: StateSection<'storedFiles'> = {
  key: 'storedFiles',
  create: (): StoredFilesState => ({ files: {}, nextId: 77 }),
  toJSON: copy,
  fromJSON: (j) => copy(j as StoredFilesState),
}

export const filesOf = (tenant: TenantState, now: number): StoredFilesState =>
  useSection(tenant, storedFilesSection, now)
