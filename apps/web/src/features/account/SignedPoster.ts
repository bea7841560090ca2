import type { WalletProxy } from '../walletProxy/index.ts'

/** What an account change needs of the wallet proxy: a POST signed with this device's key. */
export type SignedPoster = Pick<WalletProxy, 'post'>
