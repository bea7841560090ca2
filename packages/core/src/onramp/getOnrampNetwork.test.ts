import { describe, expect, it } from 'vitest'
import chainData from '../chains/__fixtures__/chain-data.json'
import { evmChains } from '../chains/evmChains.ts'
import { getOnrampNetwork } from './getOnrampNetwork.ts'
import { isOnrampNetwork } from './isOnrampNetwork.ts'
import { onrampNetworkByChainId } from './onrampNetworkByChainId.ts'
import { onrampNetworks } from './onrampNetworks.ts'

describe('getOnrampNetwork', () => {
  it('names the seven EVM mainnets as Coinbase Onramp names them', () => {
    expect(getOnrampNetwork(1)).toBe('ethereum')
    expect(getOnrampNetwork(42161)).toBe('arbitrum')
    expect(getOnrampNetwork(8453)).toBe('base')
    expect(getOnrampNetwork(10)).toBe('optimism')
    expect(getOnrampNetwork(137)).toBe('polygon')
    expect(getOnrampNetwork(42220)).toBe('celo')
  })

  it('calls Avalanche C-chain avacchain, not avalanche-c-chain', () => {
    expect(getOnrampNetwork(43114)).toBe('avacchain')
  })

  it('names Solana mainnet-beta solana, and no other cluster', () => {
    expect(getOnrampNetwork('mainnet-beta')).toBe('solana')
    expect(getOnrampNetwork('devnet')).toBeUndefined()
    expect(getOnrampNetwork('testnet')).toBeUndefined()
  })

  it('gives nothing for test networks, Linea and unknown ids', () => {
    for (const chainId of [11155111, 11155420, 421614, 84532, 43113, 80002, 59144, 31337, 0]) {
      expect(getOnrampNetwork(chainId)).toBeUndefined()
    }
  })

  it('matches every network name with a chain id in chain-data.json', () => {
    const withIds = chainData.coinbaseOnramp.networkNames.filter((fact) => fact.chainId !== null)
    expect(Object.keys(onrampNetworkByChainId).map(Number).sort()).toEqual(
      withIds.map((fact) => fact.chainId).sort(),
    )
    for (const fact of withIds) expect(getOnrampNetwork(fact.chainId as number)).toBe(fact.name)
  })

  it('only maps chains Charter supports', () => {
    const charterIds = evmChains.map((chain) => chain.id as number)
    for (const id of Object.keys(onrampNetworkByChainId)) expect(charterIds).toContain(Number(id))
  })
})

describe('isOnrampNetwork', () => {
  it('accepts exactly the eight network names', () => {
    expect([...onrampNetworks]).toEqual([
      'ethereum',
      'arbitrum',
      'base',
      'optimism',
      'polygon',
      'avacchain',
      'celo',
      'solana',
    ])
    for (const network of onrampNetworks) expect(isOnrampNetwork(network)).toBe(true)
  })

  it('refuses names the on-ramp does not use here', () => {
    for (const value of ['avalanche-c-chain', 'avalanche', 'Base', 'mainnet', 'bitcoin', 'toString', '', 1]) {
      expect(isOnrampNetwork(value)).toBe(false)
    }
  })
})
