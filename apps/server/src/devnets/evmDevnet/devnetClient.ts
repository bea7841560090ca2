import type { SupportedChainId } from '@charter/core'
import { getChain } from '@charter/core'
import { createTestClient, defineChain, http, publicActions, walletActions } from 'viem'

/**
 * One viem client with anvil's test actions, the public reads and the wallet's sends, for the devnet's own setup
 * and faucet. The chain keeps the real id, name and currency; its only RPC URL is the devnet's.
 */
export function createDevnetClient(chainId: SupportedChainId, rpcUrl: string) {
  const real = getChain(chainId)
  const chain = defineChain({
    id: real.id,
    name: `${real.name} (local devnet)`,
    nativeCurrency: real.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  // Blocks are mined at once on a devnet: poll receipts every 50 ms, not viem's default of seconds.
  return createTestClient({ chain, mode: 'anvil', transport: http(rpcUrl), pollingInterval: 50 })
    .extend(publicActions)
    .extend(walletActions)
}

export type DevnetClient = ReturnType<typeof createDevnetClient>
