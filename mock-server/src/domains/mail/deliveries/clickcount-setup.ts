import type { Delivery, MailDeliveryState } from '../mail-state.js'

const DAY = 86400
/** Collection period of the open-rate count (the default click-count period). */
export const OPEN_RATE_DAYS = 7

/**
 * Create the click counts of a delivery when its list is built: one (type 0) per
 * click-count URL of the message, plus an open-rate count (type 1) when the message asks
 * for it and has an HTML part (HTML or multipart).
 */
export function createClickcounts(state: MailDeliveryState, d: Delivery): void {
  const mail = d.mail
  if (!mail) return
  for (const c of mail.clickcounts) {
    const id = state.nextClickcountId++
    state.clickcounts.set(id, {
      id,
      deliveryId: d.id,
      type: 0,
      url: c.url,
      outdatedUrl: c.outdatedUrl,
      collectDate: d.deliveryDate + c.days * DAY,
      logs: [],
    })
    d.clickcountIds.push(id)
  }
  if (mail.openClickcount && (mail.type === 2 || mail.type === 3)) {
    const id = state.nextClickcountId++
    state.clickcounts.set(id, {
      id,
      deliveryId: d.id,
      type: 1,
      url: null,
      outdatedUrl: null,
      collectDate: d.deliveryDate + OPEN_RATE_DAYS * DAY,
      logs: [],
    })
    d.clickcountIds.push(id)
  }
}
