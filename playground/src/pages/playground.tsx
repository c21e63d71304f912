// /playground: the try-it-out page (the same component serves /playground/{api_name}).
export { default } from '@site/src/components/playground/playground-page'
