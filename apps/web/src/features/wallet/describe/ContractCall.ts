import type { TokenAmount } from '../../../ui/index.ts'

/**
 * What a transaction's contract data asks for. ERC-20 `transfer`, `approve` and `transferFrom` are decoded
 * (`extraBytes`: data after the arguments, which the token ignores but which is signed too); anything else is
 * named by its function selector only.
 */
export type ContractCall =
  | { kind: 'transfer'; to: string; amount: TokenAmount; extraBytes: number }
  | { kind: 'approve'; spender: string; amount: TokenAmount; extraBytes: number }
  | { kind: 'transferFrom'; from: string; to: string; amount: TokenAmount; extraBytes: number }
  | { kind: 'other'; selector: string | undefined; bytes: number }
  | { kind: 'create'; bytes: number }
