// The README's examples, compiled (not run): they must stay valid against the contract.
import { describe, it } from 'vitest'
import { createKrsClient, isKrsApiError } from '../src/index.js'

describe('README examples compile', () => {
  it('configuration, errors, paging, waiting, files', async () => {
    const krs = createKrsClient({ environmentId: process.env.KRS_ENV_ID, token: process.env.KRS_API_TOKEN })
    const tables = await krs.getMemberTables()
    const id = await krs.call('lookup_member_id', { member_table_id: 1, member_info: { e_4: 'a@example.com' } })
    void tables
    void id
    const signal = new AbortController().signal
    await krs.getMemberTables({}, { signal, timeoutMs: 5000, maxRetries: 0, headers: { 'x-a': 'b' } })
    try {
      await krs.lookupMemberId({ member_table_id: 1, member_info: { e_4: 'a@example.com' } })
    } catch (e) {
      if (isKrsApiError(e, 'KR_API_F0303')) console.error('すべての重複キー項目を指定してください', e.detail)
      else if (isKrsApiError(e)) console.error(e.status, e.code, e.desc)
      else throw e
    }
    for await (const member of krs.paginate('get_member_infos_by_condition', {
      member_table_id: 1,
      condition_id: 1,
      sort_key: 0,
      order: true,
    })) {
      console.log(member.id)
    }
    for await (const page of krs.pages('get_addresses_for_delivery', { delivery_id: 3, type: 'valid' })) void page
    const deliveryId = 1
    const status = await krs.waitForDelivery(deliveryId, {
      phase: 3,
      intervalMs: 30_000,
      onProgress: ([phase, info]) => console.log(phase, info),
      timeoutMs: 3_600_000,
      signal,
    })
    void status
    const batchJobId0 = 2
    const job = await krs.waitForBatchJob(batchJobId0, { onProgress: (s) => console.log(`${s.progress}%`) })
    void job
    const csvText = 'e_4\nfoo@example.com\n'
    const storedFileId = await krs.uploadStoredFile('members.csv', csvText)
    const batchJobId = await krs.importMembers({ member_table_id: 1, stored_file_id: storedFileId })
    await krs.waitForBatchJob(batchJobId)
    const exportJobId = 3
    const csv: string = await krs.downloadBatchJobResult(exportJobId)
    const stream: ReadableStream<Uint8Array> = await krs.downloadBatchJobResult(exportJobId, { as: 'stream' })
    void csv
    void stream
  })
})
