import { lazyDependency } from '../lib/lazy-dependency.js'

/** The yaml package, loaded by the first scenario read or written as text. */
export const yaml = lazyDependency<typeof import('yaml')>('yaml', () => import('yaml'))
