import { describe, expect, it } from 'vitest'
import { answerText } from '../src/answer.js'
import { jstOf } from '../src/dates.js'
import { pageJsonList, pageTextRows, splitRecords } from '../src/paging.js'

describe('answers that page', () => {
  it('keeps the newest items of a journal cut and says how many older ones were left out', () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, body: 'x'.repeat(80) }))
    const text = answerText({ entries }, 1200, 'ask for fewer', { keep: 'last' })
    const [json, note] = text.split('\n\n')
    const kept = (JSON.parse(json as string) as { entries: { id: number }[] }).entries
    expect(kept.at(-1)?.id).toBe(50)
    expect(kept[0]?.id).toBe(51 - kept.length)
    expect(note).toContain(`newest ${kept.length} of 50 items; ${50 - kept.length} older left out`)
  })

  it('pages a CSV file by whole rows, header kept, a quoted newline inside a row', () => {
    const rows = Array.from({ length: 100 }, (_, i) => `${i + 1},"line one\nline two ${i + 1}"`)
    const csv = `id,memo\n${rows.join('\n')}\n`
    expect(splitRecords(csv)).toHaveLength(101)
    const seen: string[] = []
    let offset = 0
    for (let pages = 0; pages < 100; pages++) {
      const text = pageTextRows(csv, offset, 1000, (n) => `rows_offset: ${n}`)
      const [body, note] = text.split('\n\n[krs-mcp: ')
      const [header, ...got] = splitRecords(body as string)
      expect(header).toBe('id,memo')
      seen.push(...got)
      const next = /rows_offset: (\d+)/.exec(note ?? '')?.[1]
      if (next === undefined) break
      offset = Number(next)
    }
    expect(seen).toEqual(rows)
  })

  it('pages a JSON list from an offset, the note naming the next one', () => {
    const list = Array.from({ length: 60 }, (_, i) => ({ id: i, pad: 'y'.repeat(50) }))
    const first = pageJsonList(list, 0, 1000, (n) => `rows_offset: ${n}`, 'narrow it')
    const next = Number(/rows_offset: (\d+)/.exec(first)?.[1])
    expect(next).toBe((JSON.parse(first.split('\n\n')[0] as string) as unknown[]).length)
    const second = JSON.parse(
      pageJsonList(list, next, 1000, (n) => `rows_offset: ${n}`, 'x').split('\n\n')[0] as string,
    )
    expect((second as { id: number }[])[0]?.id).toBe(next)
  })

  it('gives unix seconds a JST twin', () => {
    expect(jstOf(0)).toBeNull()
    expect(jstOf(1_780_000_000)).toBe('2026-05-29T05:26:40+09:00')
  })
})
