// The two packages the Ajv setup (generated/ajv-setup.ts) is made of, as one module. The build
// also bundles it with both packages inside (dist/ajv-packages.js, tsup.config.ts): Ajv and
// ajv-formats are CommonJS spread over about eighty files, which Node resolves and wraps one
// by one (≈ 50 ms of the first response check or scenario; ≈ 10 ms as one file).
export { default as ajv2020 } from 'ajv/dist/2020.js'
export { default as ajvFormats } from 'ajv-formats'
