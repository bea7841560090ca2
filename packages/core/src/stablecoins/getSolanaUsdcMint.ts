import type { SolanaCluster } from '../chains/solanaClusters.ts'
import { NoSolanaUsdcMintError } from './NoSolanaUsdcMintError.ts'
import { solanaUsdcMints } from './solanaUsdcMints.ts'

/** The USDC mint on a cluster; throws rather than hand back the empty testnet entry as if it were a mint. */
export function getSolanaUsdcMint(cluster: SolanaCluster): string {
  const mint = solanaUsdcMints[cluster]
  if (!mint) throw new NoSolanaUsdcMintError(cluster)
  return mint
}
