import type { SolanaCluster } from '../chains/solanaClusters.ts'
import { BaseError } from '../errors/BaseError.ts'

export class NoSolanaUsdcMintError extends BaseError {
  override name = 'NoSolanaUsdcMintError'
  readonly cluster: SolanaCluster

  constructor(cluster: SolanaCluster) {
    super(`There is no USDC mint on Solana ${cluster}`, {
      details: 'Use devnet for a test cluster with USDC.',
      code: 'not_supported',
    })
    this.cluster = cluster
  }
}
