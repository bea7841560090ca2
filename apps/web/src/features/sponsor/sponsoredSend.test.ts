import { describe, expect, it } from 'vitest'
import type { SponsorAnswer } from './sponsorApi.ts'
import { sponsoredAgainAt, sponsoredSend } from './sponsoredSend.ts'

const covered: SponsorAnswer = {
  mode: 'members',
  covered: true,
  payer: 'Charter',
  evm: { address: '0x5555555555555555555555555555555555555555' },
  solana: { address: '5ponsor1111111111111111111111111111111111111' },
  chains: ['84532', 'devnet'],
  allowance: { sends_left: 3, sends_per_window: 20, window_hours: 24, next_free_at: null },
}
const usdcOn = (chainId: string, chainType: 'ethereum' | 'solana' = 'ethereum') =>
  ({ chainId, chainType, asset: 'usdc' }) as const

describe('who pays a send’s fee', () => {
  it('Charter, for a covered member’s USDC on a chain the sponsor lists: its name and its address there', () => {
    expect(sponsoredSend(covered, usdcOn('84532'))).toEqual({
      payer: 'Charter',
      address: covered.evm?.address,
    })
    expect(sponsoredSend(covered, usdcOn('devnet', 'solana'))).toEqual({
      payer: 'Charter',
      address: covered.solana?.address,
    })
  })

  it('the wallet, for the chain’s own coin, a chain not listed, a member not covered, or while unknown', () => {
    expect(sponsoredSend(covered, { ...usdcOn('84532'), asset: 'native' })).toBeUndefined()
    expect(sponsoredSend(covered, usdcOn('421614'))).toBeUndefined()
    expect(sponsoredSend({ ...covered, covered: false }, usdcOn('84532'))).toBeUndefined()
    expect(sponsoredSend({ ...covered, solana: null }, usdcOn('devnet', 'solana'))).toBeUndefined()
    expect(sponsoredSend(undefined, usdcOn('84532'))).toBeUndefined()
  })

  it('the wallet once the sends Charter pays for have run out for now, and when it pays again', () => {
    const spent = {
      ...covered,
      allowance: { ...covered.allowance, sends_left: 0, next_free_at: 1_800_000_000 },
    }
    expect(sponsoredSend(spent, usdcOn('84532'))).toBeUndefined()
    expect(sponsoredAgainAt(spent)).toBe(1_800_000_000)
    expect(sponsoredAgainAt(covered)).toBeUndefined()
    expect(sponsoredAgainAt({ ...spent, covered: false })).toBeUndefined()
  })
})
