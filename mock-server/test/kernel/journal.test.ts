import { describe, expect, it } from 'vitest'
import { Journal, type JournalEntry } from '../../src/kernel/journal.js'
import { FaultTable } from '../../src/kernel/faults.js'

const entry = (i: number, operation = 'get_version'): JournalEntry => ({
  id: `req_${i}`,
  at: i,
  wallMs: 0,
  method: 'POST',
  path: '/api/v1/x',
  operation,
  status: 200,
  errorCode: null,
  durationMs: 0,
  requestText: '{}',
  responseText: '1',
})

describe('journal ring buffer', () => {
  it('keeps the newest entries up to its capacity, oldest first', () => {
    const j = new Journal(3)
    for (let i = 1; i <= 5; i++) j.push(entry(i))
    expect(j.list().map((e) => e.id)).toEqual(['req_3', 'req_4', 'req_5'])
  })

  it('filters by operation and limits from the newest end', () => {
    const j = new Journal(10)
    j.push(entry(1, 'a'))
    j.push(entry(2, 'b'))
    j.push(entry(3, 'a'))
    expect(j.list({ operation: 'a' }).map((e) => e.id)).toEqual(['req_1', 'req_3'])
    expect(j.list({ limit: 2 }).map((e) => e.id)).toEqual(['req_2', 'req_3'])
    j.clear()
    expect(j.list()).toEqual([])
  })
})

describe('fault table', () => {
  it('consumes a fault per matching call, first added first', () => {
    const f = new FaultTable()
    f.add({ operation: 'x', remaining: 2, errorCode: null, status: 503, delayMs: 0 })
    f.add({ operation: '*', remaining: 1, errorCode: null, status: 500, delayMs: 0 })
    expect(f.take('y')?.status).toBe(500)
    expect(f.take('y')).toBeNull()
    expect(f.take('x')?.status).toBe(503)
    expect(f.take('x')?.status).toBe(503)
    expect(f.take('x')).toBeNull()
  })
})
