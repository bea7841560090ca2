import { type SolanaCluster, solanaClusters } from './solanaClusters.ts'

/** For cluster names that come from outside (a setting, a query parameter) before they are trusted. */
export function isSolanaCluster(value: unknown): value is SolanaCluster {
  return typeof value === 'string' && Object.hasOwn(solanaClusters, value)
}
