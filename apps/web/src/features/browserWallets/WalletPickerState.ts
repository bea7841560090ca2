import type { BrowserWallet } from './BrowserWallet.ts'

/**
 * Where choosing and signing with a wallet stands: `choosing` (the list), `waiting` on the wallet (its user has
 * to answer it), `checking` the signature with the server, `done`, or how it stopped: the person said no in the
 * wallet (`rejected`), the wallet is on a chain the server does not offer (`wrong-network`), or anything else
 * (`error`, in the server's or the wallet's own words).
 */
export type WalletPickerState =
  | { status: 'choosing' }
  | { status: 'waiting'; wallet: BrowserWallet }
  | { status: 'checking'; wallet: BrowserWallet }
  | { status: 'done'; wallet: BrowserWallet }
  | { status: 'rejected'; wallet: BrowserWallet }
  | { status: 'wrong-network'; wallet: BrowserWallet & { family: 'ethereum' }; chainId: number }
  | { status: 'error'; wallet: BrowserWallet; message: string }
