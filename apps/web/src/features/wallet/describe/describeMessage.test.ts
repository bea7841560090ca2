import { describe, expect, it } from 'vitest'
import { bidiMessage } from '../hostileRequests.ts'
import { personalSignParams } from '../params/personalSignParams.ts'
import { describeMessage } from './describeMessage.ts'

const address = '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'
const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

describe('describeMessage', () => {
  it('describes the bytes the server signs, and warns of characters that hide or reorder text', () => {
    const request = describeMessage(personalSignParams(hex(bidiMessage)), address)
    expect(request).toEqual({
      kind: 'message',
      address,
      text: bidiMessage,
      hex: hex(bidiMessage),
      bytes: 20,
      warnings: [{ kind: 'hidden-characters', count: 1 }],
      refusal: undefined,
    })
  })

  it('warns of right-to-left letters that reorder the text around them with no control character', () => {
    const request = describeMessage(personalSignParams('Pay \u05d0 1 \u05d1 1000 USDC'), address)
    expect(request.warnings).toEqual([{ kind: 'right-to-left' }])
    expect(describeMessage(personalSignParams('Pay 1000 USDC'), address).warnings).toEqual([])
    expect(describeMessage(personalSignParams('\u0627\u062f\u0641\u0639 100'), address).warnings).toEqual([
      { kind: 'right-to-left' },
    ])
  })

  it('shows text as its UTF-8 bytes read back (a lone surrogate is signed as U+FFFD), and bytes as hex', () => {
    expect(describeMessage(personalSignParams('a\ud800'), address)).toMatchObject({
      text: 'a\ufffd',
      hex: '0x61efbfbd',
      bytes: 4,
    })
    expect(describeMessage(personalSignParams('0xdeadbeef00'), address)).toMatchObject({
      text: undefined,
      hex: '0xdeadbeef00',
      bytes: 5,
      warnings: [],
    })
  })
})
