import { expect, it } from 'vitest'
import { expectError, runServicesSuite } from '../../support/services-doors.js'

// upload_stored_files at its limit, on every door: a body of 50 MB (about 3 s of CPU per
// door to build, send, parse and refuse), so it runs in `npm run test:slow`; the other
// upload_stored_files cases are in files-and-bulk-delete.test.ts.
runServicesSuite('upload_stored_files at 50 MB', (t) => {
  it('refuses a body of 50 MB or more (KR_API_F0004)', async () => {
    const r = await t.call<{ message: string }>('upload_stored_files', {
      file_name: 'big.csv',
      body: 'a'.repeat(50 * 1024 * 1024),
    })
    expectError(r, 'KR_API_F0004')
    expect(r.body.message).toContain('50 MB')
  }, 120_000)
})
