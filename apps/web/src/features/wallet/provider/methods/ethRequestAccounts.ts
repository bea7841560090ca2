import type { EvmMethod } from '../EvmMethod.ts'

/** `eth_requestAccounts`: the wallet's address, or why there is none (not ready, signed out, no wallet). */
export const ethRequestAccounts: EvmMethod = (context) => [context.signingWallet().address]
