import { createWalletClient, custom, type Hex, recoverMessageAddress } from 'viem'
import type { EvmProvider } from '../wallet/index.ts'

export type ViemSignature = { address: Hex; signature: Hex; recovered: Hex }

/**
 * What a dapp does with Charter's provider: viem's wallet client on it, `requestAddresses`, `signMessage`; then
 * the address viem recovers from the signature, which must be the wallet's own.
 */
export async function signWithViem(provider: EvmProvider, message: string): Promise<ViemSignature> {
  // No retries: a retried signature would ask the person a second time.
  const client = createWalletClient({ transport: custom(provider, { retryCount: 0 }) })
  const [address] = await client.requestAddresses()
  if (!address) throw new Error('The provider gave viem no account.')
  const signature = await client.signMessage({ account: address, message })
  const recovered = await recoverMessageAddress({ message, signature })
  return { address, signature, recovered }
}
