import type { ExternalWalletAccount } from '@charter/core'
import { walletAppName } from './walletAppName.ts'

/** A wallet the member linked, as the app names it: its app's name and that it is theirs ('MetaMask · linked'). */
export const linkedWalletName = (wallet: Pick<ExternalWalletAccount, 'wallet_client_type'>) =>
  `${walletAppName(wallet.wallet_client_type)} · linked`
