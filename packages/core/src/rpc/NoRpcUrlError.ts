import { BaseError } from '../errors/BaseError.ts'

export class NoRpcUrlError extends BaseError {
  override name = 'NoRpcUrlError'
  readonly chainId: number

  constructor(chainId: number) {
    // Fixed word for word (docs/chains.md), so it carries no details that would lengthen `message`.
    super(`No RPC url found for ${chainId}`, { code: 'no_rpc_url' })
    this.chainId = chainId
  }
}
