/**
 * State of the posted images: albums and images. Plain JSON-safe data; times are unix
 * seconds on the engine clock.
 */

export interface AlbumDef {
  id: number
  memberTableId: number
  title: string
}

export interface PostedImageDef {
  id: number
  memberTableId: number
  memberId: number
  albumId: number
  fileName: string
  mimeType: string
  size: number
  /** Posting time. */
  date: number
}

export interface PostedImagesState {
  /** URL lifetime from the admin security settings, seconds. */
  urlExpireSeconds: number
  publicBaseUrl: string
  albums: Record<string, AlbumDef>
  images: PostedImageDef[]
}
