import type { StateSection } from '../../kernel/state-section.js'
import { useSection } from '../../kernel/state-section.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { publicBaseUrl } from '../forms/forms-scenario.js'
import type { PostedImagesState } from './posted-images-state.js'
import { scenarioImages } from './posted-images-scenario.js'

export const postedImagesSection: StateSection<'postedImages'> = {
  key: 'postedImages',
  create(tenant): PostedImagesState {
    const s = scenarioImages(tenant)
    const albums: PostedImagesState['albums'] = {}
    for (const a of s.albums) albums[String(a.id)] = a
    return {
      urlExpireSeconds: s.urlExpireSeconds,
      publicBaseUrl: publicBaseUrl(tenant),
      albums,
      images: s.images,
    }
  },
}

export const imagesOf = (tenant: TenantState, now: number): PostedImagesState =>
  useSection(tenant, postedImagesSection, now)
