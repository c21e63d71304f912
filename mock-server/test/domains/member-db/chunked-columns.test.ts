import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CHUNK_ROWS, NumberChunks, TextChunks } from '../../../src/domains/member-db/chunks.js'

// Column chunks shared between copies: whatever any holder writes, grows or copies, each
// holder reads exactly what a plain array written the same way would hold.

type Op =
  | { kind: 'set'; holder: number; row: number; value: number }
  | { kind: 'share'; holder: number }
  | { kind: 'grow'; holder: number; rows: number }

/** Rows around the chunk boundaries, where an off-by-one would show. */
const rowArb = fc.oneof(
  fc.constantFrom(
    0,
    1,
    CHUNK_ROWS - 1,
    CHUNK_ROWS,
    CHUNK_ROWS + 1,
    2 * CHUNK_ROWS - 1,
    2 * CHUNK_ROWS,
    3 * CHUNK_ROWS - 1,
  ),
  fc.integer({ min: 0, max: 3 * CHUNK_ROWS - 1 }),
)

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      holder: fc.nat(7),
      row: rowArb,
      value: fc.integer({ min: -5, max: 1000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('share' as const), holder: fc.nat(7) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('grow' as const),
      holder: fc.nat(7),
      rows: fc.integer({ min: 1, max: 3 * CHUNK_ROWS }),
    }),
  },
)

describe('column chunks shared between copies', () => {
  it('numbers: every holder reads what its own plain array reads', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const blank = (n: number) => new Float64Array(n).fill(Number.NaN)
        const holders = [{ chunks: new NumberChunks<Float64Array>(blank), model: [] as number[] }]
        for (const op of ops) {
          const h = holders[op.holder % holders.length]!
          if (op.kind === 'share') holders.push({ chunks: h.chunks.share(), model: h.model.slice() })
          else if (op.kind === 'grow') h.chunks.grow(op.rows)
          else {
            h.chunks.grow(op.row + 1)
            h.chunks.set(op.row, op.value)
            h.model[op.row] = op.value
          }
        }
        for (const h of holders) {
          const cap = h.chunks.capacity
          expect(cap).toBeGreaterThanOrEqual(h.model.length)
          const flat = h.chunks.flat(cap)
          let wrong = -1
          for (let r = 0; r < cap && wrong < 0; r++) {
            const want = h.model[r] ?? Number.NaN
            if (!Object.is(h.chunks.get(r), want) || !Object.is(flat[r], want)) wrong = r
          }
          expect(wrong < 0 ? '' : `row ${wrong}: ${h.chunks.get(wrong)}, model ${h.model[wrong]}`).toBe('')
        }
      }),
      { numRuns: 60 },
    )
  })

  it('texts: every holder reads what its own plain array reads', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const holders = [{ chunks: new TextChunks(), model: [] as (string | null)[] }]
        for (const op of ops) {
          const h = holders[op.holder % holders.length]!
          if (op.kind === 'share') holders.push({ chunks: h.chunks.share(), model: h.model.slice() })
          else if (op.kind === 'grow') h.chunks.grow(op.rows)
          else {
            const v = op.value < 0 ? null : `v${op.value}`
            h.chunks.set(op.row, v)
            h.model[op.row] = v
          }
        }
        for (const h of holders) {
          const n = Math.max(h.model.length, 1)
          expect(h.chunks.flat(n)).toEqual(Array.from({ length: n }, (_, r) => h.model[r] ?? null))
        }
      }),
      { numRuns: 60 },
    )
  })

  it('a copy owns nothing until it writes, then only the chunk it wrote', () => {
    const blank = (n: number) => new Int32Array(n)
    const source = new NumberChunks<Int32Array>(blank)
    source.grow(10 * CHUNK_ROWS)
    for (let r = 0; r < 10 * CHUNK_ROWS; r++) source.set(r, r)
    const copy = source.share()
    expect(copy.ownedChunks()).toBe(0)
    copy.set(5 * CHUNK_ROWS + 3, -1)
    expect(copy.ownedChunks()).toBe(1)
    expect(copy.chunks.filter((c, k) => c === source.chunks[k]).length).toBe(9)
    expect(source.get(5 * CHUNK_ROWS + 3)).toBe(5 * CHUNK_ROWS + 3)
    // the source copies before it writes a chunk it shares, too
    source.set(3, -3)
    expect(copy.get(3)).toBe(3)
  })
})
