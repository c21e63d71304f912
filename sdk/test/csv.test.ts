import { describe, expect, it } from 'vitest'
import { parseCsvRecords } from '../src/index.js'

describe('parseCsvRecords', () => {
  it.each([
    [
      'a,b\r\n1,2\r\n',
      ',',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      '\uFEFFid,名前\n1,"山田, 太郎"\n',
      ',',
      [
        ['id', '名前'],
        ['1', '山田, 太郎'],
      ],
    ],
    ['x\n"改\n行","say ""hi"""\n', ',', [['x'], ['改\n行', 'say "hi"']]],
    [
      'a\tb\n1\t\n',
      '\t',
      [
        ['a', 'b'],
        ['1', ''],
      ],
    ],
    ['a,b', ',', [['a', 'b']]],
    ['', ',', []],
  ])('%j', (text, delimiter, want) => {
    expect(parseCsvRecords(text, delimiter)).toEqual(want)
  })
})
