import { BaseError } from '../errors/BaseError.ts'

export class UnsupportedChainError extends BaseError {
  override name = 'UnsupportedChainError'
  readonly chainId: number

  constructor(chainId: number) {
    // The login provider's catalogue already names this fact; reusing its code keeps one vocabulary.
    super(`Chain ${chainId} is not supported by Charter`, { code: 'unsupported_chain_id' })
    this.chainId = chainId
  }
}
