/** State of emulator part 3 (forms, posted images, batch jobs, stored files). Owned by that part. */
export interface FormsState {
  readonly version: 1
}
export interface PostedImagesState {
  readonly version: 1
}
export interface BatchState {
  readonly version: 1
}
export interface StoredFilesState {
  readonly version: 1
}
