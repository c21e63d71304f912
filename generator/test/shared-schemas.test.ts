import { describe, expect, it } from 'vitest'
import { constantName, findSharedSchemas } from '../src/shared-schemas.js'

describe('constantName', () => {
  it.each([
    { given: '#/components/schemas/MemberTable', want: 'memberTableSchema' },
    { given: '#/components/schemas/Member-Table_2', want: 'memberTable2Schema' },
    { given: '#/components/schemas/2fa', want: 's2faSchema' },
    { given: '#/components/schemas/a~1b', want: 'aBSchema' },
  ])('$given', ({ given, want }) => {
    expect(constantName(given)).toBe(want)
  })
})

describe('findSharedSchemas', () => {
  const id = { type: 'integer' }
  const pair = { type: 'object', properties: { a: id, b: id } }
  const once = { type: 'string' }
  const components = new Map<string, unknown>([
    ['#/components/schemas/Pair', pair],
    ['#/components/schemas/Id', id],
    ['#/components/schemas/Once', once],
  ])

  it('hoists components used more than once, dependencies first', () => {
    const roots = [{ items: pair }, { properties: { p: pair, o: once } }]
    expect(findSharedSchemas(roots, components)).toEqual([
      { name: 'idSchema', ref: '#/components/schemas/Id', value: id },
      { name: 'pairSchema', ref: '#/components/schemas/Pair', value: pair },
    ])
  })

  it('leaves a component used once inline, and ignores equal but distinct objects', () => {
    const roots = [{ items: { type: 'integer' } }, { properties: { a: id } }, once]
    expect(findSharedSchemas(roots, components)).toEqual([])
  })

  it('gives distinct names to components whose names collide', () => {
    const x1 = { const: 1 }
    const x2 = { const: 2 }
    const comps = new Map<string, unknown>([
      ['#/components/schemas/A-b', x1],
      ['#/components/schemas/A_b', x2],
    ])
    expect(findSharedSchemas([[x1, x1, x2, x2]], comps).map((s) => s.name)).toEqual(['aBSchema', 'aBSchema2'])
  })
})
