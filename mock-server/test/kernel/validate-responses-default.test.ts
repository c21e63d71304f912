import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEngine } from '../../src/index.js'

// Response validation costs time on every answer: it is off unless a test (or the user) asks.
describe('validateResponses default', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('is off outside tests', () => {
    vi.stubEnv('KRS_MOCK_VALIDATE_RESPONSES', '')
    vi.stubEnv('NODE_ENV', 'production')
    expect(createEngine({ members: 1 }).validateResponses).toBe(false)
    vi.stubEnv('NODE_ENV', 'development')
    expect(createEngine({ members: 1 }).validateResponses).toBe(false)
  })

  it('is on with KRS_MOCK_VALIDATE_RESPONSES=1, under NODE_ENV=test, or when asked', () => {
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('KRS_MOCK_VALIDATE_RESPONSES', '1')
    expect(createEngine({ members: 1 }).validateResponses).toBe(true)
    vi.stubEnv('KRS_MOCK_VALIDATE_RESPONSES', '')
    vi.stubEnv('NODE_ENV', 'test')
    expect(createEngine({ members: 1 }).validateResponses).toBe(true)
    vi.stubEnv('NODE_ENV', 'production')
    expect(createEngine({ members: 1, validateResponses: true }).validateResponses).toBe(true)
  })

  it('is on in this test run (the vitest config turns it on)', () => {
    expect(process.env.KRS_MOCK_VALIDATE_RESPONSES).toBe('1')
    expect(createEngine({ members: 1 }).validateResponses).toBe(true)
  })
})
