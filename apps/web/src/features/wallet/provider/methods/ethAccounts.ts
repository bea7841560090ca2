import type { EvmMethod } from '../EvmMethod.ts'

/** `eth_accounts`: the wallet's address once the proxy can sign for it, and none (no error) until then. */
export const ethAccounts: EvmMethod = (context) => {
  const wallet = context.usableWallet()
  return wallet ? [wallet.address] : []
}
