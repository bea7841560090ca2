import { describe, expect, it } from 'vitest'
import { colleagueName } from './colleagueName.ts'
import { findColleague } from './findColleague.ts'

const ana = {
  user_id: 'did:charter:ana',
  label: 'Ana Lopez',
  organizations: ['Acme Co-op', 'Garden club'],
  wallets: {
    ethereum: '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa',
    solana: '9sUCz7nwb7uyNdeDZT8zk6LAyCJkd1Uo2Jp4m62eRztY',
  },
}
const ben = { user_id: 'did:charter:ben', label: 'ben@example.org', organizations: [], wallets: {} }

describe('whose wallet an address is', () => {
  it('matches an EVM address whatever its case, a Solana one exactly, and only on its own kind of chain', () => {
    expect(findColleague([ben, ana], 'ethereum', ana.wallets.ethereum.toLowerCase())).toBe(ana)
    expect(
      findColleague([ben, ana], 'ethereum', ana.wallets.ethereum.toUpperCase().replace('0X', '0x')),
    ).toBe(ana)
    expect(findColleague([ana], 'solana', ana.wallets.solana)).toBe(ana)
    expect(findColleague([ana], 'solana', ana.wallets.solana.toLowerCase())).toBeUndefined()
    expect(findColleague([ana], 'solana', ana.wallets.ethereum)).toBeUndefined()
    expect(
      findColleague([ana, ben], 'ethereum', '0x000000000000000000000000000000000000dEaD'),
    ).toBeUndefined()
    expect(findColleague(undefined, 'ethereum', ana.wallets.ethereum)).toBeUndefined()
    expect(findColleague([ana], 'ethereum', undefined)).toBeUndefined()
  })

  it('names a colleague with the organisations shared: “Ana Lopez · Acme Co-op, Garden club”', () => {
    expect(colleagueName(ana)).toBe('Ana Lopez · Acme Co-op, Garden club')
    expect(colleagueName(ben)).toBe('ben@example.org')
  })
})
