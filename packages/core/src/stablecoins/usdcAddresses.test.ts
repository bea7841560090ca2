import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import chainData from '../chains/__fixtures__/chain-data.json'
import { evmChains } from '../chains/evmChains.ts'
import { privyUsdcTableChainIds } from './privyUsdcTableChainIds.ts'
import { usdcAddresses } from './usdcAddresses.ts'

const tableIds = Object.keys(usdcAddresses).map(Number)

describe('privyUsdcTableChainIds', () => {
  it('holds the 12 chain ids of Privy’s USDC table in docs/chains.md', () => {
    expect(privyUsdcTableChainIds).toHaveLength(12)
    expect(new Set(privyUsdcTableChainIds).size).toBe(12)
    expect([...privyUsdcTableChainIds]).toEqual(chainData.usdc.privyStablecoinTableChainIds.chainIds)
  })
})

describe('usdcAddresses', () => {
  it('covers the ids of Privy’s table plus Celo and Linea, and nothing else', () => {
    const extras = tableIds.filter((id) => !(privyUsdcTableChainIds as readonly number[]).includes(id))
    expect(extras.sort((a, b) => a - b)).toEqual([42220, 59144])
    expect(tableIds).toHaveLength(14)
  })

  it('has a stablecoin for every supported chain', () => {
    expect(evmChains.map((chain) => chain.id).sort((a, b) => a - b)).toEqual(tableIds.sort((a, b) => a - b))
  })

  it.each(Object.entries(usdcAddresses))('stores a checksummed address for chain %s', (_, address) => {
    expect(getAddress(address)).toBe(address)
  })

  it('matches chain-data.json for every chain', () => {
    for (const id of tableIds) {
      const fact = chainData.usdc.evm.find((entry) => entry.chainId === id)
      if (!fact) throw new Error(`no USDC fact for chain ${id}`)
      expect(usdcAddresses[id as keyof typeof usdcAddresses]).toBe(fact.address)
      expect(fact.decimals).toBe(6)
      expect(fact.inPrivyTable).toBe((privyUsdcTableChainIds as readonly number[]).includes(id))
    }
  })

  it('uses the Celo token, not the fee-currency adapter', () => {
    expect(usdcAddresses[42220]).toBe('0xcebA9300f2b948710d2653dD7B07f33A8B32118C')
    expect(usdcAddresses[42220].toLowerCase()).not.toBe('0x2f25deb3848c207fc8e0c34035b3ba7fc157602b')
  })
})
