import { BaseError } from '@charter/core'

/** A local devnet did not credit what the faucet asked: 502, with the reason in the log only. */
export class FaucetError extends BaseError {
  override name = 'FaucetError'
  readonly status = 502

  constructor(chainName: string, options: { details: string; cause?: unknown }) {
    super(`The local ${chainName} devnet could not be funded. Try again; the server log says why.`, {
      ...options,
      code: 'faucet_failed',
    })
  }
}
