import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { operations } from '@krs-kit/contract/operations'
import { operationDetails, playgroundRegistry } from '../scripts/playground-registry.js'
import { errorCatalogue } from '../scripts/site-data.js'
import { siteDir } from './support/site-build.js'

const spec = JSON.parse(readFileSync(join(siteDir, '..', 'spec', 'dist', 'openapi.json'), 'utf8')) as Record<
  string,
  unknown
>

describe('the registry the playground fetches (static/playground-runtime/registry.json)', () => {
  const registry = playgroundRegistry(operations as never, errorCatalogue(spec))

  it('has every operation of the contract with its request schema, rights and option', () => {
    const contractIds = Object.values(spec.paths as Record<string, { post: { operationId: string } }>).map(
      (p) => p.post.operationId,
    )
    expect(registry.operations.map((o) => o.name).sort()).toEqual(contractIds.sort())
    const addMember = registry.operations.find((o) => o.name === 'add_member')!
    expect(addMember.rights).toEqual(['all'])
    expect(JSON.stringify(addMember.requestSchema)).not.toContain('$ref')
    expect(registry.operations.find((o) => o.name === 'add_mail_message')!.option).toBe('mail')
  })

  it('explains every error code an operation lists, from the catalogue', () => {
    for (const op of registry.operations) {
      for (const code of op.errors) {
        expect(registry.errors[code]?.description, `${op.name}: ${code}`).toBeTruthy()
      }
    }
  })

  it("gives each operation's page its details and only its own error codes, explained", () => {
    const details = operationDetails(registry, 'add_member')
    const op = registry.operations.find((o) => o.name === 'add_member')!
    expect(details.op).toEqual({
      name: 'add_member',
      description: op.description,
      rights: op.rights,
      option: op.option,
      security: op.security,
      errors: op.errors,
    })
    expect(Object.keys(details.errors).sort()).toEqual([...op.errors].sort())
    expect(details.errors.KR_API_F0116).toEqual(registry.errors.KR_API_F0116)
    expect(() => operationDetails(registry, 'no_such_api')).toThrow(/no operation no_such_api/)
  })

  it('the contract texts readers see (/api, the playground, the SDK docs) carry no implementer notes', () => {
    const texts: string[] = []
    const walk = (v: unknown): void => {
      if (typeof v === 'string') texts.push(v)
      else if (Array.isArray(v)) v.forEach(walk)
      else if (v && typeof v === 'object') Object.values(v).forEach(walk)
    }
    walk(spec)
    expect(texts.length).toBeGreaterThan(1000)
    // what the kit "chose" ("…を採用しました") and the name of its own requirement documents
    expect(texts.filter((t) => /採用し(ました|ています)|にしました|シード/.test(t))).toEqual([])
  })
})
