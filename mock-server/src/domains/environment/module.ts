import { defineModule, type ModuleHandlers } from '../../kernel/module.js'
import { getVersion } from './get-version.js'

/** The environment: the service version (get_version). The environment name is a member-database operation. */
export const environmentModule = defineModule({
  name: 'environment',
  handlers: { get_version: getVersion } satisfies ModuleHandlers<'get_version'>,
})
