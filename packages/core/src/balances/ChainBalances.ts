import type { BalanceChain } from './BalanceChain.ts'
import type { BalanceReadError } from './BalanceReadError.ts'

/** An amount of a token in its smallest unit, with the decimals it is shown with. */
export type TokenAmount = { amount: bigint; decimals: number }

/** What one address holds on one chain. */
export type Balances = {
  /** In the native currency's smallest unit: wei, or lamports. */
  native: bigint
  /** 18 on the EVM chains, 9 (lamports) on Solana. */
  nativeDecimals: number
  /** `null` when the chain has no USDC to read; a USDC that could not be read makes the whole chain unknown. */
  usdc: TokenAmount | null
}

/**
 * One chain's answer: its balances, or `null` with the reason when they could not be read. Never 0 for unknown:
 * a chain that failed has `balances: null`, and the others are unaffected.
 */
export type ChainBalances<Chain extends BalanceChain = BalanceChain> =
  | { chain: Chain; balances: Balances; error: null }
  | { chain: Chain; balances: null; error: BalanceReadError }
