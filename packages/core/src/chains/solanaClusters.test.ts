import { describe, expect, it } from 'vitest'
import chainData from './__fixtures__/chain-data.json'
import { isSolanaCluster } from './isSolanaCluster.ts'
import { solanaClusters } from './solanaClusters.ts'

describe('solanaClusters', () => {
  it('has the three clusters with the public RPC URLs of chain-data.json', () => {
    expect(Object.keys(solanaClusters)).toEqual(['mainnet-beta', 'devnet', 'testnet'])
    expect(solanaClusters['mainnet-beta'].rpcUrl).toBe(chainData.solanaRpc['mainnet-beta'])
    expect(solanaClusters.devnet.rpcUrl).toBe(chainData.solanaRpc.devnet)
    expect(solanaClusters.testnet.rpcUrl).toBe(chainData.solanaRpc.testnet)
    expect(solanaClusters.devnet.rpcUrl).toBe('https://api.devnet.solana.com')
  })

  it('flags devnet and testnet as test clusters, mainnet-beta not', () => {
    expect(solanaClusters['mainnet-beta'].testnet).toBe(false)
    expect(solanaClusters.devnet.testnet).toBe(true)
    expect(solanaClusters.testnet.testnet).toBe(true)
  })

  it('names each cluster by CAIP-2: the first 32 characters of its genesis hash', () => {
    // Genesis hashes as each cluster's getGenesisHash answers them.
    const genesis = {
      'mainnet-beta': '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
      devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
      testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
    } as const
    for (const [key, definition] of Object.entries(solanaClusters)) {
      expect(definition.caip2).toBe(`solana:${genesis[key as keyof typeof genesis].slice(0, 32)}`)
    }
  })

  it('names each entry after its key', () => {
    for (const [key, definition] of Object.entries(solanaClusters)) expect(definition.cluster).toBe(key)
  })
})

describe('isSolanaCluster', () => {
  it('accepts the three cluster names only', () => {
    expect(isSolanaCluster('mainnet-beta')).toBe(true)
    expect(isSolanaCluster('devnet')).toBe(true)
    expect(isSolanaCluster('testnet')).toBe(true)
    expect(isSolanaCluster('mainnet')).toBe(false)
    expect(isSolanaCluster('Devnet')).toBe(false)
    expect(isSolanaCluster('toString')).toBe(false)
    expect(isSolanaCluster(undefined)).toBe(false)
  })
})
