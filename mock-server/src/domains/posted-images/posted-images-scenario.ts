import { parseJstDateTime } from '../../lib/day-number.js'
import { firstMemberIds } from '../member-db/lazy-members.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import type { AlbumDef, PostedImageDef } from './posted-images-state.js'

/**
 * The posted images' key of the scenario file, read from a section already checked against
 * `postedImagesScenarioSchema`:
 *
 * ```yaml
 * postedImages:
 *   url_expire_seconds: 3600
 *   albums: [{ id: 1, member_table_id: 1, title: プロフィール写真 }]
 *   images: [{ id: 1, member_table_id: 1, member_id: 1, album_id: 1, file_name: a.jpg, mime_type: image/jpeg, size: 2048, date: '2025-08-20 10:15:00' }]
 * ```
 */

/** The scenario's `postedImages`. */
export interface ScenarioPostedImages {
  url_expire_seconds?: number
  albums?: { id: number; member_table_id: number; title?: string }[]
  images?: {
    id?: number
    member_table_id: number
    member_id: number
    album_id: number
    file_name?: string
    mime_type?: string
    size?: number
    date?: string
  }[]
}

declare module '../../kernel/tenant-state.js' {
  interface ScenarioSections {
    postedImages?: ScenarioPostedImages
  }
}

const date = (v: string | null | undefined): number | null => (typeof v === 'string' ? parseJstDateTime(v) : null)

export interface ScenarioImages {
  urlExpireSeconds: number
  albums: AlbumDef[]
  images: PostedImageDef[]
}

/** Albums and posted images of the scenario, or defaults for the first table's members. */
export function scenarioImages(tenant: TenantState): ScenarioImages {
  const p = tenant.scenario?.postedImages
  const urlExpireSeconds = p?.url_expire_seconds ?? 3600
  if (p && (p.albums || p.images)) {
    const albums: AlbumDef[] = (p.albums ?? []).map((a) => ({
      id: a.id,
      memberTableId: a.member_table_id,
      title: a.title ?? `アルバム${a.id}`,
    }))
    const images: PostedImageDef[] = (p.images ?? []).map((i, n) => ({
      id: i.id ?? n + 1,
      memberTableId: i.member_table_id,
      memberId: i.member_id,
      albumId: i.album_id,
      fileName: i.file_name ?? 'image.jpg',
      mimeType: i.mime_type ?? 'image/jpeg',
      size: i.size ?? 0,
      date: date(i.date) ?? 0,
    }))
    return { urlExpireSeconds, albums, images }
  }
  const first = [...tenant.memberDb.tables.values()].sort((a, b) => a.id - b.id)[0]
  if (!first) return { urlExpireSeconds, albums: [], images: [] }
  const albums: AlbumDef[] = [
    { id: 1, memberTableId: first.id, title: 'プロフィール写真' },
    { id: 2, memberTableId: first.id, title: 'イベント投稿' },
    { id: 3, memberTableId: first.id, title: '商品レビュー' },
  ]
  const images: PostedImageDef[] = []
  const base = parseJstDateTime('2025-08-20 10:15:00')!
  let id = 1
  // the ids alone: the table's generated members are made on its first read, not here
  for (const m of firstMemberIds(first, 200)) {
    const add = (albumId: number, ext: 'jpg' | 'png', k: number) =>
      images.push({
        id: id,
        memberTableId: first.id,
        memberId: m,
        albumId,
        fileName: `${albumId === 1 ? 'profile' : albumId === 2 ? 'event' : 'review'}${k}.${ext}`,
        mimeType: ext === 'jpg' ? 'image/jpeg' : 'image/png',
        size: 20480 + ((m * 7919 + id++ * 104729) % 400000),
        date: base - m * 3600 - k * 60,
      })
    if (m % 2 === 1) add(1, 'jpg', 1)
    if (m % 3 === 0) {
      add(2, 'jpg', 1)
      add(2, 'png', 2)
    }
    if (m % 10 === 0) add(3, 'png', 1)
  }
  return { urlExpireSeconds, albums, images }
}

/** JSON Schema (2020-12) of the posted images' scenario key (the posted-images module's part). */
export const postedImagesScenarioSchema = {
  postedImages: {
    type: 'object',
    additionalProperties: false,
    properties: {
      url_expire_seconds: { type: 'integer', minimum: 1 },
      albums: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'member_table_id'],
          properties: { id: { type: 'integer' }, member_table_id: { type: 'integer' }, title: { type: 'string' } },
        },
      },
      images: {
        type: 'array',
        items: {
          type: 'object',
          required: ['member_table_id', 'member_id', 'album_id'],
          properties: {
            id: { type: 'integer' },
            member_table_id: { type: 'integer' },
            member_id: { type: 'integer' },
            album_id: { type: 'integer' },
            file_name: { type: 'string' },
            mime_type: { type: 'string' },
            size: { type: 'integer', minimum: 0 },
            date: { type: 'string' },
          },
        },
      },
    },
  },
} as const
