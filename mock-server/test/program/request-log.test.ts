import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RawResponse } from '../../src/kernel/raw-http.js'
import { createRequestLog } from '../../src/program/request-log.js'

const answer = (over: Partial<RawResponse>): RawResponse => ({
  status: 200,
  headers: {},
  body: '',
  operation: null,
  errorCode: null,
  tenantId: null,
  ...over,
})

afterEach(() => {
  vi.useRealTimers()
})

describe("krs-mock's request log", () => {
  it('writes the lines of one turn in one write, in order, each with the time it was made', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setImmediate'] })
    const writes: string[] = []
    const log = createRequestLog((t) => void writes.push(t))
    vi.setSystemTime(Date.UTC(2026, 10, 21, 17, 0, 0, 0))
    log('POST', '/api/v1/get_member_info', answer({ operation: 'get_member_info', tenantId: 'default' }), 0.44)
    log('POST', '/api/v1/nope', answer({ status: 404, errorCode: 'KR_API_F0012' }), 0.05)
    vi.setSystemTime(Date.UTC(2026, 10, 21, 17, 0, 0, 1))
    log(
      'POST',
      '/api/v1/add_member',
      answer({ status: 400, operation: 'add_member', errorCode: 'KR_API_F0004', tenantId: 't_ab12' }),
      1.25,
    )
    expect(writes).toEqual([])
    vi.runAllTimers()
    expect(writes).toEqual([
      '2026-11-21T17:00:00.000Z POST /api/v1/get_member_info 200 get_member_info 0.4ms\n' +
        '2026-11-21T17:00:00.000Z POST /api/v1/nope 404 KR_API_F0012 0.1ms\n' +
        '2026-11-21T17:00:00.001Z POST /api/v1/add_member 400 add_member KR_API_F0004 tenant=t_ab12 1.3ms\n',
    ])
    // the next turn's lines are a write of their own, with the time moved on
    vi.setSystemTime(Date.UTC(2026, 10, 21, 17, 0, 1, 500))
    log('GET', '/__mock/health', answer({ operation: 'admin' }), 0)
    vi.runAllTimers()
    expect(writes[1]).toBe('2026-11-21T17:00:01.500Z GET /__mock/health 200 admin 0.0ms\n')
    expect(writes).toHaveLength(2)
  })
})
