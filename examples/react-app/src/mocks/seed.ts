import type { KrsClient } from '@krs-kit/sdk'

/** The emulator's clock of the tenant, in unix seconds (its admin API or the testing entry). */
export interface SeedClock {
  now(): Promise<number>
  advance(seconds: number): Promise<void>
}

/**
 * Demo data for the report screen: a delivery to everyone, scheduled ten minutes ahead and
 * run to its end by moving the emulator's clock an hour. Returns the delivery id (1 in a new tenant).
 */
export async function seedDemo(krs: KrsClient, clock: SeedClock): Promise<number> {
  const message = await krs.addMailMessage({
    member_table_id: 1,
    mail_info: { type: 1, from: 'info@example.com', subject: '春のお知らせ', text_part: '本文です' },
  })
  const delivery = await krs.addDeliverySchedule({
    mail_message_id: message,
    delivery_info: { title: '4月号', condition_id: 1, element_id: 4, delivery_date: (await clock.now()) + 600 },
  })
  await clock.advance(3600)
  return delivery
}
