import type { EngineContext } from '../../kernel/context.js'
import type { OperationRequest } from '@krs-kit/contract/operation-types'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
import { formatJstDateTime } from '../../lib/day-number.js'
import type { ConditionInfo, MemberTableState } from '../member-db/member-db-state.js'
import type { PostedImagesState } from './posted-images-state.js'
import { compileCondition } from '../member-db/conditions/compile-condition.js'
import { requireConditionFor } from '../member-db/conditions/operations.js'
import { requireTable } from '../member-db/tables/table-access.js'
import { memberRow } from '../member-db/members/member-store.js'
import { assertOffset, assertSortKey, pageRows } from '../member-db/members/query.js'
import { imagesOf } from './posted-images-section.js'

export interface PostedImageOut {
  url: string
  file_name: string
  mime_type: string
  size: number
  date: string
  expire: string
}
/** member id → album id → images. */
export type PostedImageUrls = Record<string, Record<string, PostedImageOut[]>>

/** All access, or view only plus the posted image management menu (KR_API_F0014 otherwise). */
function assertImageRights(ctx: EngineContext): void {
  const a = ctx.account
  if (a && a.level !== 'all' && !a.postedImageMenu) {
    throw new KrsError('KR_API_F0014', msg('posted_images_right_missing'))
  }
}

function token(imageId: number, expire: number): string {
  let h = 2166136261
  for (const ch of `${imageId}:${expire}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return (h >>> 0).toString(16).padStart(8, '0')
}

/** The images of some members, grouped by member and album, with URLs valid from now. */
function urlsFor(
  ctx: EngineContext,
  state: PostedImagesState,
  table: MemberTableState,
  memberIds: number[],
  albumIds: number[] | null | undefined,
): PostedImageUrls {
  const albums = albumIds?.length ? new Set(albumIds) : null
  const wanted = new Set(memberIds)
  const expire = ctx.now() + state.urlExpireSeconds
  const out: PostedImageUrls = {}
  for (const img of state.images) {
    if (img.memberTableId !== table.id || !wanted.has(img.memberId)) continue
    if (albums && !albums.has(img.albumId)) continue
    const ext = img.fileName.includes('.') ? img.fileName.slice(img.fileName.lastIndexOf('.')) : ''
    const name = ((img.id * 2654435761) >>> 0).toString(16).padStart(8, '0')
    out[String(img.memberId)] ??= {}
    const byAlbum = out[String(img.memberId)]!
    byAlbum[String(img.albumId)] ??= []
    byAlbum[String(img.albumId)]!.push({
      url: `${state.publicBaseUrl}/images/posted/${name}${ext}?token=${token(img.id, expire)}&expires=${expire}`,
      file_name: img.fileName,
      mime_type: img.mimeType,
      size: img.size,
      date: formatJstDateTime(img.date),
      expire: formatJstDateTime(expire),
    })
  }
  return out
}

export function getPostedImageUrlsOp(
  ctx: EngineContext,
  b: OperationRequest<'get_posted_image_urls'>,
): PostedImageUrls {
  assertImageRights(ctx)
  const table = requireTable(ctx, b.member_table_id)
  if (memberRow(table, b.member_id) < 0)
    throw new KrsError('KR_API_F0005', msg('member_not_found', { member_id: b.member_id, member_table_id: table.id }))
  return urlsFor(ctx, imagesOf(ctx.tenant, ctx.now()), table, [b.member_id], b.album_ids)
}

type PageBody = Omit<OperationRequest<'get_posted_image_urls_by_condition'>, 'condition_id'>

function byCondition(ctx: EngineContext, table: MemberTableState, info: ConditionInfo, b: PageBody): PostedImageUrls {
  assertOffset(b.offset)
  assertSortKey(table, b.sort_key, ctx.tenant.memberDb)
  const pred = compileCondition(table, info, ctx.now(), { db: ctx.tenant.memberDb })
  const rows = pageRows(table, pred, { offset: b.offset, sort_key: b.sort_key, order: b.order })
  return urlsFor(
    ctx,
    imagesOf(ctx.tenant, ctx.now()),
    table,
    rows.map((r) => table.members.id.get(r)),
    b.album_ids,
  )
}

export function getPostedImageUrlsByOneshotConditionOp(
  ctx: EngineContext,
  b: OperationRequest<'get_posted_image_urls_by_oneshot_condition'>,
): PostedImageUrls {
  assertImageRights(ctx)
  const table = requireTable(ctx, b.member_table_id)
  return byCondition(ctx, table, b.condition_info, b)
}

export function getPostedImageUrlsByConditionOp(
  ctx: EngineContext,
  b: OperationRequest<'get_posted_image_urls_by_condition'>,
): PostedImageUrls {
  assertImageRights(ctx)
  const table = requireTable(ctx, b.member_table_id)
  return byCondition(ctx, table, requireConditionFor(ctx, table.id, b.condition_id).info, b)
}
