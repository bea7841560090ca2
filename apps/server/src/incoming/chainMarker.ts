import { createHash } from 'node:crypto'
import type { ServedChain } from '../chains/ServedChain.ts'
import { chainRpc } from '../wallets/sends/chainRpc.ts'
import type { PolledWallet } from './polledWallets.ts'

/**
 * What a pass over a chain depends on: the chain's head (EVM: its number and hash, so a reorg to the same height
 * still differs; Solana: the finalized slot) and the wallets read. When neither changed since the last pass that
 * succeeded, a new one could find nothing: an idle local devnet is then not read every 2 seconds.
 */
export async function chainMarker(chain: ServedChain, wallets: readonly PolledWallet[]): Promise<string> {
  const rpc = chainRpc(chain.rpcUrl)
  const head =
    chain.info.type === 'solana'
      ? String(await rpc<number>('getSlot', [{ commitment: 'finalized' }]))
      : await rpc<{ number: string; hash: string } | null>('eth_getBlockByNumber', ['latest', false]).then(
          (block) => `${block?.number}:${block?.hash}`,
        )
  const walletIds = createHash('sha256')
    .update(
      wallets
        .map((wallet) => wallet.walletId)
        .sort()
        .join('\n'),
    )
    .digest('hex')
  return `${head}\n${walletIds}`
}
