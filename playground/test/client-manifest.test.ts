import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addModuleKeys } from '../plugins/patches/client-manifest'

// Docusaurus looks a page's chunks up in the client manifest by module request; webpack 5 keys
// it by chunk name. addModuleKeys adds the requests beside the chunk names.
function generated(registry: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'krs-manifest-'))
  writeFileSync(join(dir, 'registry.js'), registry)
  writeFileSync(join(dir, 'client-manifest.json'), JSON.stringify({ origins: { '17896441': [12, 34], main: [1] } }))
  return dir
}

describe('client manifest module keys', () => {
  it("adds each registry module's request with its chunk ids, once", () => {
    const dir = generated(
      'export default {\n  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],\n};\n',
    )
    expect(addModuleKeys(dir)).toBe(1)
    const manifest = JSON.parse(readFileSync(join(dir, 'client-manifest.json'), 'utf8'))
    expect(manifest.origins['@theme/DocItem']).toEqual([12, 34])
    expect(addModuleKeys(dir)).toBe(0) // a second build adds nothing twice
  })

  it('fails when the registry is written in a form it does not know', () => {
    const dir = generated('export default { "17896441": [load("@theme/DocItem")] };\n')
    expect(() => addModuleKeys(dir)).toThrow(/no route module found in .*registry\.js/)
  })
})
