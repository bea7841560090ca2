import { describe, expect, it } from 'vitest'
import { productionChains } from '../../chains/productionChains.ts'
import { createLogger } from '../../log/logger.ts'
import { sendExplorer } from './sendExplorer.ts'

// Remote chains as production offers them; nothing here reaches their nodes.
const chains = productionChains({
  chains: [
    { type: 'ethereum', id: 84532, rpcUrl: 'https://base-sepolia.example' },
    { type: 'solana', id: 'devnet', rpcUrl: 'https://solana-devnet.example' },
  ],
  logger: createLogger('silent'),
})
const hash = `0x${'12'.repeat(32)}`
const signature = '4Nd1mYbQqXr7dFnwKkGJ2Xc8sJ1pHWwfYJvR8tKpQmE3aZ9vB6uL2cN5xD7eF1gH3jK5mP7qR9sT1uV3wX5yZ7a'

describe('sendExplorer', () => {
  it('links an EVM send by its chain id, or by its CAIP-2 id', () => {
    const basescan = { name: 'Basescan', url: `https://sepolia.basescan.org/tx/${hash}` }
    expect(sendExplorer(chains, { chainId: 84532, hash })).toEqual(basescan)
    expect(sendExplorer(chains, { caip2: 'eip155:84532', chainId: null, hash })).toEqual(basescan)
  })

  it("links a Solana send by its cluster's genesis hash, whole or cut to CAIP-2's 32 characters", () => {
    const explorer = {
      name: 'Solana Explorer',
      url: `https://explorer.solana.com/tx/${signature}?cluster=devnet`,
    }
    expect(
      sendExplorer(chains, { caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', hash: signature }),
    ).toEqual(explorer)
    expect(
      sendExplorer(chains, { caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG', hash: signature }),
    ).toEqual(explorer)
  })

  it('gives no link for a chain not offered, nor for a genesis hash no public cluster has', () => {
    expect(sendExplorer(chains, { chainId: 1, hash })).toBeNull()
    expect(
      sendExplorer(chains, { caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', hash: signature }),
    ).toBeNull()
    expect(
      sendExplorer(chains, { caip2: 'solana:LocalDevnetGenesisHashLocalDevnetGe', hash: signature }),
    ).toBeNull()
    expect(sendExplorer(chains, { caip2: 'solana:EtWT', hash: signature })).toBeNull()
  })
})
