// /api: the API reference (an index of the operations first, Redoc once the reader asks for it).
export { default } from '@site/src/components/api-reference/api-page'
