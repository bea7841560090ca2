import { createWalletClient, custom, type Hex, parseEther } from 'viem'
import type { EvmProvider } from '../wallet/index.ts'

/**
 * What a dapp does to send: viem's wallet client on Charter's provider, `requestAddresses`, then
 * `sendTransaction`, which goes through the confirmation dialog and answers the hash the server sent.
 */
export async function sendWithViem(provider: EvmProvider, to: Hex, ether: string): Promise<Hex> {
  // No retries: a retried request would ask the person a second time (the provider retries a lost answer itself).
  const client = createWalletClient({ transport: custom(provider, { retryCount: 0 }) })
  const [account] = await client.requestAddresses()
  if (!account) throw new Error('The provider gave viem no account.')
  return client.sendTransaction({ account, chain: null, to, value: parseEther(ether) })
}
