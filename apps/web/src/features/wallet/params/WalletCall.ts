import type { PersonalSignParams } from './personalSignParams.ts'
import type { TransactionParams } from './transactionParams.ts'
import type { TypedDataParams } from './typedDataParams.ts'

/** A signing call exactly as it is posted to the wallet API: the method and the parameters the server signs. */
export type WalletCall =
  | { method: 'personal_sign'; params: PersonalSignParams }
  | { method: 'eth_signTypedData_v4'; params: TypedDataParams }
  | { method: 'eth_signTransaction'; params: TransactionParams }
  /**
   * Signed and sent by the server, on the chain `caip2` names (`eip155:<id>`), which the transaction repeats.
   * `sponsor: true` (Privy's gas sponsorship, at the top of the body): Charter pays the network fee of a USDC
   * transfer, or the server refuses it; the transaction's fee fields are then left out.
   */
  | { method: 'eth_sendTransaction'; caip2: string; sponsor?: true; params: TransactionParams }
