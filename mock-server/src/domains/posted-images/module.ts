import type { EngineContext } from '../../kernel/context.js'
import { defineModule, type ModuleHandlers } from '../../kernel/module.js'
import { postedImagesSection } from './posted-images-section.js'
import { postedImagesScenarioSchema } from './posted-images-scenario.js'
import type { PostedImagesState } from './posted-images-state.js'
import {
  getPostedImageUrlsByConditionOp,
  getPostedImageUrlsByOneshotConditionOp,
  getPostedImageUrlsOp,
} from './operations.js'

declare module '../../kernel/tenant-state.js' {
  interface TenantSections {
    /** Albums and posted images. */
    postedImages: PostedImagesState
  }
}

type PostedImagesOperation =
  | 'get_posted_image_urls'
  | 'get_posted_image_urls_by_oneshot_condition'
  | 'get_posted_image_urls_by_condition'

/** Posted images (3 operations). */
export const postedImagesModule = defineModule({
  name: 'posted-images',
  handlers: {
    get_posted_image_urls: (ctx: EngineContext, b) => getPostedImageUrlsOp(ctx, b),
    get_posted_image_urls_by_oneshot_condition: (ctx, b) => getPostedImageUrlsByOneshotConditionOp(ctx, b),
    get_posted_image_urls_by_condition: (ctx, b) => getPostedImageUrlsByConditionOp(ctx, b),
  } satisfies ModuleHandlers<PostedImagesOperation>,
  sections: [postedImagesSection],
  scenarioSchema: { properties: { postedImages: postedImagesScenarioSchema.postedImages } },
})
