import { type Chain, createPublicClient, getAddress, http, isAddressEqual } from 'viem'
import { describe, expect, it } from 'vitest'
import chainData from './__fixtures__/chain-data.json'
import type { ChainDefinition } from './ChainDefinition.ts'
import { evmChains } from './evmChains.ts'
import { isTestnet } from './isTestnet.ts'

// The chain table of docs/chains.md, in its order.
const tableChainIds = [
  1, 11155111, 10, 11155420, 42161, 421614, 8453, 84532, 43114, 43113, 137, 80002, 59144, 42220,
]

describe('evmChains', () => {
  it('holds exactly the chains of the table in docs/chains.md, in its order', () => {
    expect(evmChains.map((chain) => chain.id)).toEqual(tableChainIds)
  })

  it.each(chainData.evmChains.filter((fact) => tableChainIds.includes(fact.id)))(
    'matches chain-data.json for $name ($id)',
    (fact) => {
      const chain = evmChains.find((candidate) => candidate.id === fact.id)
      if (!chain) throw new Error(`chain ${fact.id} missing`)
      expect(chain.name).toBe(fact.name)
      expect(chain.network).toBe(fact.network)
      expect(chain.nativeCurrency).toEqual(fact.nativeCurrency)
      expect(chain.rpcUrls.default.http[0]).toBe(fact.rpcDefault)
      expect(chain.rpcUrls.default.http[0]).toBe(fact.rpcDefaultHistory['viem@2.57.20'])
      expect(chain.blockExplorers.default.name).toBe(fact.blockExplorer.name)
      expect(chain.blockExplorers.default.url).toBe(fact.blockExplorer.url)
      expect(isTestnet(chain)).toBe(fact.testnet)
      const multicall3 = chain.contracts.multicall3
      expect(isAddressEqual(multicall3.address, getAddress(fact.multicall3.address))).toBe(true)
      expect(multicall3.blockCreated).toBe(fact.multicall3.blockCreated)
    },
  )

  it('finds every chain of the table in chain-data.json', () => {
    const factIds = chainData.evmChains.map((fact) => fact.id)
    for (const id of tableChainIds) expect(factIds).toContain(id)
  })

  it('gives each chain the name, currency and testnet flag docs/chains.md gives it', () => {
    const byId = (id: number) => evmChains.find((chain) => chain.id === id)
    expect(byId(42161)).toMatchObject({
      name: 'Arbitrum One',
      nativeCurrency: { name: 'Ether', decimals: 18 },
    })
    expect(byId(421614)).toMatchObject({ name: 'Arbitrum Sepolia', testnet: true })
    expect(byId(8453)).toMatchObject({ name: 'Base' })
    expect(isTestnet(8453)).toBe(false)
    expect(byId(84532)).toMatchObject({ name: 'Base Sepolia', testnet: true })
    expect(byId(43114)).toMatchObject({ name: 'Avalanche' })
    expect(isTestnet(43114)).toBe(false)
    expect(byId(43113)).toMatchObject({
      name: 'Avalanche Fuji',
      nativeCurrency: { symbol: 'AVAX' },
      testnet: true,
    })
    expect(byId(80002)).toMatchObject({
      name: 'Polygon Amoy',
      nativeCurrency: { symbol: 'POL' },
      testnet: true,
    })
    expect(byId(59144)).toMatchObject({ name: 'Linea Mainnet' })
    expect(isTestnet(59144)).toBe(false)
    expect(byId(42220)).toMatchObject({ name: 'Celo', nativeCurrency: { symbol: 'CELO' } })
    expect(isTestnet(42220)).toBe(false)
  })

  it('gives every native currency 18 decimals', () => {
    for (const chain of evmChains) expect(chain.nativeCurrency.decimals).toBe(18)
  })

  it('gives every chain its own network slug', () => {
    const slugs = evmChains.map((chain) => chain.network)
    expect(new Set(slugs).size).toBe(evmChains.length)
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  it('marks exactly the six test networks', () => {
    expect(evmChains.filter((chain) => isTestnet(chain)).map((chain) => chain.id)).toEqual([
      11155111, 11155420, 421614, 84532, 43113, 80002,
    ])
  })

  it('can be passed to viem clients as they are', () => {
    for (const chain of evmChains) {
      // Compile-time half of the check: a Charter chain is a viem chain.
      const asViemChain: Chain = chain
      const asDefinition: ChainDefinition = chain
      const client = createPublicClient({ chain: asViemChain, transport: http() })
      expect(client.chain.id).toBe(asDefinition.id)
      expect(client.transport.url).toBe(chain.rpcUrls.default.http[0])
    }
  })

  it('accepts a hand-written ChainDefinition in viem clients too', () => {
    const devChain: ChainDefinition = {
      id: 31337,
      name: 'Local',
      network: 'local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      blockExplorers: { default: { name: 'None', url: 'http://127.0.0.1' } },
      testnet: true,
    }
    const client = createPublicClient({ chain: devChain, transport: http() })
    expect(client.transport.url).toBe('http://127.0.0.1:8545')
  })

  it('keeps the chain-specific formatters viem ships', () => {
    const celo = evmChains.find((chain) => chain.id === 42220)
    expect(celo?.formatters).toBeDefined()
  })
})
