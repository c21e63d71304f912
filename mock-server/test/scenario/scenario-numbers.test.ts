import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../src/index.js'

// A scenario file (YAML or JSON, `--scenario`) with a number that is not finite is refused at
// start, naming the key: JSON Schema's `integer` lets Infinity through, and the tenant built from
// it would be saved with null there and not load again.

const scenario = (extra: string): string => `extends: default\n${extra}\n`

describe('scenario numbers', () => {
  it.each([
    [
      '1e400 in JSON text',
      '{"extends":"default","delivery":{"click_retention_days":1e400}}',
      'delivery.click_retention_days',
    ],
    ['.inf in YAML', scenario('delivery:\n  click_retention_days: .inf'), 'delivery.click_retention_days'],
    ['1e400 in YAML', scenario('delivery:\n  error_stop_threshold: 1e400'), 'delivery.error_stop_threshold'],
  ])('refuses %s naming the key', (_, text, key) => {
    expect(() => parseScenario(text)).toThrow(key)
    expect(() => parseScenario(text)).toThrow('must be a finite number')
  })

  it('takes the same scenario with a finite number', () => {
    expect(parseScenario(scenario('delivery:\n  click_retention_days: 30')).delivery).toMatchObject({
      click_retention_days: 30,
    })
  })
})
