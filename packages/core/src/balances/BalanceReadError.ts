import { BaseError } from '../errors/BaseError.ts'

/**
 * The balances of one chain could not be read: the endpoint failed, refused a call or answered something that is
 * not a balance. The message names the chain, never the URL (RPC URLs often carry an API key).
 */
export class BalanceReadError extends BaseError {
  override name = 'BalanceReadError'
  readonly chainId: number | string

  constructor(chainId: number | string, options: { details: string; cause?: unknown }) {
    super(
      `Could not read the balances on ${typeof chainId === 'number' ? `chain ${chainId}` : `Solana ${chainId}`}`,
      {
        ...options,
        code: 'balance_unavailable',
      },
    )
    this.chainId = chainId
  }
}
