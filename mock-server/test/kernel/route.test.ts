import { describe, expect, it } from 'vitest'
import { apiNameOf, routeOf } from '../../src/kernel/route.js'

describe('routeOf', () => {
  it('routes API, admin and other paths, the same when a path comes again right after itself or another', () => {
    const cases: [string, unknown][] = [
      ['/api/v1/get_member_info', { kind: 'api', name: 'get_member_info' }],
      ['/env1/api/v1/get_version', { kind: 'api', name: 'get_version' }],
      ['/api/v1/', { kind: 'api', name: null }],
      ['/api/v1/a/b', { kind: 'api', name: null }],
      ['/__mock', { kind: 'admin', route: '' }],
      ['/__mock/journal/', { kind: 'admin', route: 'journal' }],
      ['/__mockery', { kind: 'other' }],
      ['/docs/', { kind: 'other' }],
    ]
    for (let round = 0; round < 2; round++) {
      for (const [path, route] of cases) {
        expect(routeOf(path), path).toEqual(route)
        // a copy of the same text (another string) and the same string again
        expect(routeOf(`${path} `.slice(0, -1)), path).toEqual(route)
        expect(routeOf(path), path).toEqual(route)
      }
    }
    expect(apiNameOf('/api/v1/get_member_info')).toBe('get_member_info')
    expect(apiNameOf('/__mock/journal')).toBeNull()
  })
})
