import { describe, expect, it } from 'vitest'
import { heldRequestWarning } from './heldRequestWarning.ts'

const inAnHour = Math.floor(Date.now() / 1000) + 3600
const held = { holdEndsAt: inAnHour, budget: [] }

describe('heldRequestWarning', () => {
  it('says a new device’s request that cannot be weighed waits, and why', () => {
    const effect = { moves: [], unweighable: ['an allowance of 5 USDC for 0xabc'] }
    expect(heldRequestWarning(effect, held)).toEqual({
      kind: 'held-request',
      opensAt: inAnHour,
      why: 'Charter cannot weigh what it signs (an allowance of 5 USDC for 0xabc)',
    })
  })

  it('says a move past what is left of a used budget waits', () => {
    const budget = [{ chain: '84532', asset: 'usdc' as const, limit: '100', used: '60' }]
    const move = (amount: bigint) => ({
      moves: [{ chain: '84532', asset: 'usdc' as const, amount }],
      unweighable: [],
    })
    expect(heldRequestWarning(move(41_000_000n), { holdEndsAt: inAnHour, budget })?.why).toBe(
      'it moves more than what is left of what new devices may move at once (100, of which 60 went already)',
    )
    expect(heldRequestWarning(move(40_000_000n), { holdEndsAt: inAnHour, budget })).toBeUndefined()
  })

  it('says nothing for a trusted device, an unknown hold, or a request that moves nothing', () => {
    const effect = { moves: [], unweighable: ['a Permit2 call'] }
    expect(heldRequestWarning(effect, { holdEndsAt: null, budget: [] })).toBeUndefined()
    expect(heldRequestWarning(effect, { holdEndsAt: undefined, budget: undefined })).toBeUndefined()
    expect(
      heldRequestWarning(effect, { holdEndsAt: Math.floor(Date.now() / 1000) - 1, budget: [] }),
    ).toBeUndefined()
    expect(heldRequestWarning(undefined, held)).toBeUndefined()
    expect(heldRequestWarning({ moves: [], unweighable: [] }, held)).toBeUndefined()
  })
})
