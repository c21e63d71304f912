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

  it('gives back every field as pushed, the cut-body fields only on the entries that have them', () => {
    const j = new Journal(2)
    const cut: JournalEntry = {
      ...entry(1),
      at: 1_764_000_000,
      wallMs: 1_764_000_000_123,
      status: 413,
      errorCode: 'KRSKIT_PAYLOAD_TOO_LARGE',
      durationMs: 0.125,
      operation: null,
      requestLength: 70_000,
      requestSha256: 'ab'.repeat(32),
    }
    j.push(cut)
    j.push(entry(2))
    expect(j.list()).toEqual([cut, entry(2)])
    // the slot of the cut entry, reused by a plain one: no cut fields left over
    j.push(entry(3))
    expect(j.list()).toEqual([entry(2), entry(3)])
    expect(Object.keys(j.list()[1]!)).not.toContain('requestLength')
  })

  it('drops the oldest entries while the bodies are over the text bound, keeping the newest', () => {
    const j = new Journal(10, 10)
    const sized = (i: number, text: string): JournalEntry => ({ ...entry(i), requestText: text, responseText: '' })
    j.push(sized(1, 'aaaa'))
    j.push(sized(2, 'bbbb'))
    expect(j.textSize).toBe(8)
    j.push(sized(3, 'cccc'))
    expect(j.list().map((e) => e.id)).toEqual(['req_2', 'req_3'])
    expect(j.textSize).toBe(8)
    j.push(sized(4, 'x'.repeat(20)))
    expect(j.list().map((e) => e.id)).toEqual(['req_4'])
    expect(j.textSize).toBe(20)
    j.clear()
    expect(j.textSize).toBe(0)
    for (let i = 5; i <= 16; i++) j.push(sized(i, 'y'))
    // the capacity bounds them first: 10 entries of one character each
    expect(j.list().map((e) => e.id)).toEqual(Array.from({ length: 10 }, (_, k) => `req_${k + 7}`))
    expect(j.textSize).toBe(10)
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
