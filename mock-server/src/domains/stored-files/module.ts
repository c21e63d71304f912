import { defineModule, type ModuleHandlers } from '../../kernel/module.js'
import { storedFilesSection } from './stored-files-section.js'
import type { StoredFilesState } from './stored-files-state.js'
import { uploadStoredFilesOp } from './operations.js'

declare module '../../kernel/tenant-state.js' {
  interface TenantSections {
    /** Files sent with upload_stored_files. */
    storedFiles: StoredFilesState
  }
}

/** Stored files (upload_stored_files). */
export const storedFilesModule = defineModule({
  name: 'stored-files',
  handlers: {
    upload_stored_files: (ctx, b) => uploadStoredFilesOp(ctx, b),
  } satisfies ModuleHandlers<'upload_stored_files'>,
  sections: [storedFilesSection],
})
