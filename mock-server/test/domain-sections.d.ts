// Each domain adds its part to TenantState, TenantSections and Scenario by module augmentation
// (`declare module '…/kernel/tenant-state.js'` in the files below). The test project sees src/
// through the declarations of the files its tests import (tsconfig.test.json), which need not
// include these; naming them here makes every part known to every test file, as in src/.
import type {} from '../src/domains/batch/batch-scenario.js'
import type {} from '../src/domains/batch/module.js'
import type {} from '../src/domains/forms/forms-scenario.js'
import type {} from '../src/domains/forms/module.js'
import type {} from '../src/domains/mail/mail-scenario.js'
import type {} from '../src/domains/mail/module.js'
import type {} from '../src/domains/member-db/member-db-scenario.js'
import type {} from '../src/domains/member-db/module.js'
import type {} from '../src/domains/posted-images/module.js'
import type {} from '../src/domains/posted-images/posted-images-scenario.js'
import type {} from '../src/domains/stored-files/module.js'
import type {} from '../src/scenario/tenant-factory.js'
