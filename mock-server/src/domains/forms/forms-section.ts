import type { StateSection } from '../../kernel/state-section.js'
import { useSection } from '../../kernel/state-section.js'
import type { TickHook } from '../../kernel/tick-hook.js'
import type { BatchState, FormsState, PostedImagesState, StoredFilesState } from './forms-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { nextBatchDue, runDueBatchJobs } from '../batch/job-runner.js'
import { scenarioColumnSets, scenarioForms, scenarioImages, servicesSettings } from './forms-scenario.js'

/** Part-3 state is plain JSON data: a deep copy is its snapshot. */
const copy = <T>(v: T): T => structuredClone(v)

function secretOf(tenant: TenantState): string {
  let h = 2166136261
  for (const ch of `${tenant.id}:${tenant.environmentName}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return (h >>> 0).toString(16).padStart(8, '0')
}

export const formsSection: StateSection<'forms'> = {
  key: 'forms',
  create(tenant): FormsState {
    const forms: FormsState['forms'] = {}
    for (const f of scenarioForms(tenant)) forms[String(f.id)] = f
    return { forms, deleted: [], oneclick: {}, outbox: [], nextOutboxId: 1, publicBaseUrl: servicesSettings(tenant).publicBaseUrl, secret: secretOf(tenant) }
  },
  toJSON: copy,
  fromJSON: (j) => copy(j as FormsState),
}

export const postedImagesSection: StateSection<'postedImages'> = {
  key: 'postedImages',
  create(tenant): PostedImagesState {
    const s = scenarioImages(tenant)
    const albums: PostedImagesState['albums'] = {}
    for (const a of s.albums) albums[String(a.id)] = a
    return { urlExpireSeconds: s.urlExpireSeconds, publicBaseUrl: servicesSettings(tenant).publicBaseUrl, albums, images: s.images }
  },
  toJSON: copy,
  fromJSON: (j) => copy(j as PostedImagesState),
}

export const batchSection: StateSection<'batch'> = {
  key: 'batch',
  create(tenant): BatchState {
    const settings = servicesSettings(tenant)
    const columnSets: BatchState['columnSets'] = {}
    for (const c of scenarioColumnSets(tenant)) columnSets[String(c.id)] = c
    return {
      jobs: {}, nextJobId: 501, columnSets, importedFileIds: [],
      timing: settings.batch, accountPasswords: settings.accountPasswords, zipNotReady: settings.zipNotReady,
    }
  },
  toJSON: copy,
  fromJSON: (j) => copy(j as BatchState),
}

export const storedFilesSection: StateSection<'storedFiles'> = {
  key: 'storedFiles',
  create: (): StoredFilesState => ({ files: {}, nextId: 77 }),
  toJSON: copy,
  fromJSON: (j) => copy(j as StoredFilesState),
}

/** Every part-3 section, for the snapshot code. */
export const servicesSections = [formsSection, postedImagesSection, batchSection, storedFilesSection] as const

export const formsOf = (tenant: TenantState, now: number): FormsState => useSection(tenant, formsSection, now)
export const imagesOf = (tenant: TenantState, now: number): PostedImagesState => useSection(tenant, postedImagesSection, now)
export const batchOf = (tenant: TenantState, now: number): BatchState => useSection(tenant, batchSection, now)
export const filesOf = (tenant: TenantState, now: number): StoredFilesState => useSection(tenant, storedFilesSection, now)

/**
 * Run every part-3 transition due at or before `now` (batch jobs that finish, results that
 * expire). The engine's scheduler calls it through `servicesTickHook`; handlers call it first.
 */
export function advanceServices(tenant: TenantState, now: number): void {
  if (tenant.batch) runDueBatchJobs(tenant, tenant.batch, now)
}

/** The scheduler hook of part 3 (add it to engine/tick-hooks.ts). */
export const servicesTickHook: TickHook = {
  name: 'services',
  nextDue: (tenant) => (tenant.batch ? nextBatchDue(tenant.batch) : null),
  run: ({ tenant, now }) => advanceServices(tenant, now),
}
