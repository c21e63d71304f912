import pkg from '../package.json' with { type: 'json' }

/** The CLI's version: package.json's, bundled in at build time (one place to change it). */
export const version: string = pkg.version
