import type { PersonalSignParams } from './personalSignParams.ts'
import type { TransactionParams } from './transactionParams.ts'
import type { TypedDataParams } from './typedDataParams.ts'

/** A signing call exactly as it is posted to the wallet API: the method and the parameters the server signs. */
export type WalletCall =
  | { method: 'personal_sign'; params: PersonalSignParams }
  | { method: 'eth_signTypedData_v4'; params: TypedDataParams }
  | { method: 'eth_signTransaction'; params: TransactionParams }
