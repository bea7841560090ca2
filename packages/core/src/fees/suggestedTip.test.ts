import { describe, expect, it } from 'vitest'
import { suggestedTip } from './suggestedTip.ts'

const gwei = (n: number) => BigInt(n) * 1_000_000_000n
const hex = (value: bigint) => `0x${value.toString(16)}`
/** A history of blocks, each with one median tip; `0` gas used marks an empty block. */
const history = (blocks: [tip: bigint, used?: number][]) => ({
  reward: blocks.map(([tip]) => [hex(tip)]),
  gasUsedRatio: blocks.map(([, used = 0.5]) => used),
})

describe('suggestedTip', () => {
  it('ignores one block’s absurd tip that the node suggests from its latest block', () => {
    const recent = history([[gwei(1)], [gwei(1)], [gwei(2)], [gwei(1)], [gwei(5_000)]])
    expect(suggestedTip(gwei(5_000), recent)).toBe(gwei(1))
  })

  it('keeps the node’s suggestion when it is the lower one, and follows a chain where most blocks pay more', () => {
    expect(suggestedTip(gwei(1), history([[gwei(3)], [gwei(3)], [gwei(3)]]))).toBe(gwei(1))
    const busy = history([[gwei(1)], [gwei(40)], [gwei(45)], [gwei(50)], [gwei(60)]])
    expect(suggestedTip(gwei(60), busy)).toBe(gwei(45))
  })

  it('takes the lower middle of an even count, so one outlier beside one normal block changes nothing', () => {
    expect(suggestedTip(gwei(9_999), history([[gwei(1)], [gwei(9_999)]]))).toBe(gwei(1))
  })

  it('leaves out empty blocks, and falls back to the node without a history or with nothing readable in it', () => {
    expect(suggestedTip(gwei(7), history([[0n, 0], [0n, 0], [gwei(2)]]))).toBe(gwei(2))
    expect(
      suggestedTip(
        gwei(7),
        history([
          [0n, 0],
          [0n, 0],
        ]),
      ),
    ).toBe(gwei(7))
    expect(suggestedTip(gwei(7), null)).toBe(gwei(7))
    expect(suggestedTip(gwei(7), {})).toBe(gwei(7))
    expect(suggestedTip(gwei(7), { reward: [['lots'], []], gasUsedRatio: [0.5, 0.5] })).toBe(gwei(7))
  })
})
