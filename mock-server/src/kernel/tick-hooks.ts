import type { TickHook } from './tick-hook.js'
import { mailDeliveryTickHook } from '../domains/mail/mail-section.js'
import { servicesTickHook } from '../domains/forms/forms-section.js'

/**
 * The domains' tick hooks, in the order they run when due at the same second.
 * Part 1 (member database) has no timed transitions; parts 2 and 3 add theirs here
 * (delivery schedules, agent programs, batch jobs, one-click expiry).
 */
export const tickHooks: readonly TickHook[] = [mailDeliveryTickHook, servicesTickHook]
