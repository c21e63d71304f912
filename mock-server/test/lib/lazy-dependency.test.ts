import { describe, expect, it } from 'vitest'
import { lazyDependenciesReady, lazyDependency, loadLazyDependencies } from '../../src/lib/lazy-dependency.js'

describe('a package loaded on first use', () => {
  it('under Node, get() requires it the first time only', () => {
    const asked: string[] = []
    const dep = lazyDependency<{ n: number }>(
      'pkg-a',
      () => Promise.reject(new Error('not imported under Node')),
      () => (id) => {
        asked.push(id)
        return { n: asked.length }
      },
    )
    expect(asked).toEqual([])
    expect(dep.get().n).toBe(1)
    expect(dep.get().n).toBe(1)
    expect(asked).toEqual(['pkg-a'])
  })

  it('off Node, get() refuses until loadLazyDependencies() imported it', async () => {
    let imports = 0
    const dep = lazyDependency<{ v: string }>(
      'pkg-b',
      async () => {
        imports++
        return { v: 'b' }
      },
      () => null,
    )
    expect(() => dep.get()).toThrow(/pkg-b is not loaded/)
    await loadLazyDependencies()
    expect(dep.get().v).toBe('b')
    await loadLazyDependencies()
    expect(imports).toBe(1)
    expect(lazyDependenciesReady()).toBe(true)
  })
})
