import { describe, expect, it } from 'vitest'
import { contentLengthValue } from '../../src/kernel/raw-http.js'

describe('contentLengthValue (a Content-Length value as Number reads it)', () => {
  it('is Number(text) for every kind of value, read by digits or not', () => {
    const values = [
      '0',
      '36',
      '007',
      '603',
      '62914560',
      '999999999999999', // 15 digits, the longest read by digits
      '9999999999999999', // 16 digits: Number's rounding
      '',
      ' 36',
      '36 ',
      '1e3',
      '0x10',
      '-1',
      '+1',
      '3.5',
      '3/',
      ':3',
      '１２',
    ]
    for (const v of values) expect(contentLengthValue(v), JSON.stringify(v)).toBe(Number(v))
  })

  it('is NaN without a header', () => {
    expect(contentLengthValue(undefined)).toBeNaN()
  })

  it('agrees with Number on every length up to 15 digits', () => {
    let text = ''
    for (let i = 1; i <= 15; i++) {
      text += String((i * 7) % 10)
      expect(contentLengthValue(text)).toBe(Number(text))
    }
  })
})
