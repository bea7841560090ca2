import { toHex } from 'viem'
import type { EthereumBrowserWallet } from './BrowserWallet.ts'

/** Asks the wallet to move to `chainId` (`wallet_switchEthereumChain`); its user may say no (4001). */
export async function switchEthereumChain(wallet: EthereumBrowserWallet, chainId: number): Promise<void> {
  await wallet.provider.request({
    method: 'wallet_switchEthereumChain',
    params: [{ chainId: toHex(chainId) }],
  })
}
