import { describe, expect, it } from 'vitest'
import { engineClient } from './support/engine-client.js'

// A refused request must leave the tenant's snapshot as it was: bad input changes nothing,
// and comparing snapshots is how a test sees every part of the state at once.
describe('snapshot stability around a refused request', () => {
  // Every state section (mail, forms, batch, files, images) is created with the tenant, so a first look at one
  // by a refused request adds nothing to the snapshot.
  it('a refused get_delivery_status (unknown delivery) does not change the snapshot', async () => {
    const { engine, call } = engineClient()
    const before = JSON.stringify(engine.exportTenant(engine.defaultTenant).state)
    const r = await call('get_delivery_status', { delivery_id: 1 })
    expect(r.code).toBe('KR_API_F0005')
    expect(JSON.stringify(engine.exportTenant(engine.defaultTenant).state)).toBe(before)
  })

  it('a refused member write does not change the snapshot', async () => {
    const { engine, call } = engineClient()
    const before = JSON.stringify(engine.exportTenant(engine.defaultTenant).state)
    const r = await call('update_member', { member_table_id: 1, member_id: 1, member_info: { e_4: 'not an address' } })
    expect(r.status).toBe(400)
    expect(JSON.stringify(engine.exportTenant(engine.defaultTenant).state)).toBe(before)
  })
})
