// Stands in for highlighted-loader.ts in the server build (plugins/lean-main-bundle): the
// highlighted lines imported directly, so the static pages contain them.
export { default } from './highlighted'
