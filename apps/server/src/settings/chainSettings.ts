import {
  evmChains,
  getChain,
  isSolanaCluster,
  isSupportedChainId,
  resolveRpcUrl,
  type SolanaCluster,
  type SupportedChainId,
  solanaClusters,
} from '@charter/core'
import { z } from 'zod'

/** `RPC_URL_8453`: the app's own RPC URL for an EVM chain. */
export const evmRpcUrlSetting = (chainId: SupportedChainId): RpcUrlSettingName => `RPC_URL_${chainId}`
/** `SOLANA_RPC_URL_MAINNET_BETA`: the RPC URL for a Solana cluster. */
export const solanaRpcUrlSetting = (cluster: SolanaCluster) =>
  `SOLANA_RPC_URL_${cluster.toUpperCase().replaceAll('-', '_')}` as RpcUrlSettingName

const clusters = Object.keys(solanaClusters) as SolanaCluster[]

export type RpcUrlSettingName =
  | `RPC_URL_${SupportedChainId}`
  | 'SOLANA_RPC_URL_MAINNET_BETA'
  | 'SOLANA_RPC_URL_DEVNET'
  | 'SOLANA_RPC_URL_TESTNET'

/** Every per-chain URL setting there is: one per chain the core knows, one per Solana cluster. */
export const rpcUrlSettingNames = [
  ...evmChains.map((chain) => evmRpcUrlSetting(chain.id)),
  ...clusters.map(solanaRpcUrlSetting),
]

// zod's own message never repeats the value, which may hold a key.
const rpcUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL (the chain’s JSON-RPC endpoint)' })
  .optional()

/** The chain settings' part of the schema: `CHAINS` and each `RPC_URL_*` / `SOLANA_RPC_URL_*`. */
export const chainVariables = {
  CHAINS: z.string().optional(),
  ...(Object.fromEntries(rpcUrlSettingNames.map((name) => [name, rpcUrl])) as Record<
    RpcUrlSettingName,
    typeof rpcUrl
  >),
}

/** A chain production mode offers, with the URL the server sends its JSON-RPC to. */
export type RemoteChainSetting =
  | { type: 'ethereum'; id: SupportedChainId; rpcUrl: string }
  | { type: 'solana'; id: SolanaCluster; rpcUrl: string }

/**
 * Production's default: the mainnets where Circle's USDC is native and the on-ramp buys it, and Solana when a
 * URL for it is set (Solana's public endpoint is too rate-limited to serve members).
 */
export const defaultEvmChains: readonly SupportedChainId[] = [1, 8453, 42161, 10, 137]

/** A `RPC_URL_<n>` or `SOLANA_RPC_URL_<x>` that names no chain Charter knows: a typo, or a chain it lacks. */
export function unknownRpcUrlSettings(source: Record<string, string | undefined>): string[] {
  const known = new Set<string>(rpcUrlSettingNames)
  return Object.keys(source)
    .filter((name) => /^(SOLANA_)?RPC_URL_/.test(name) && !known.has(name))
    .map((name) =>
      name.startsWith('SOLANA_')
        ? `${name}: not a Solana cluster; use ${clusters.map(solanaRpcUrlSetting).join(', ')}`
        : `${name}: chain ${name.slice('RPC_URL_'.length)} is not one Charter supports (${evmChains.map((chain) => chain.id).join(', ')})`,
    )
}

/**
 * The chains production offers, in the order of `CHAINS`, each with its URL: for an EVM chain the core's
 * `resolveRpcUrl` (its `RPC_URL_<id>` wins over the chain's public URL); for Solana its `SOLANA_RPC_URL_*`, which
 * is required. Problems are pushed, each naming its setting; a URL is never repeated in one.
 */
export function remoteChains(
  env: Partial<Record<RpcUrlSettingName | 'CHAINS', string>>,
  problems: string[],
): RemoteChainSetting[] {
  const listed = env.CHAINS?.split(',').map((entry) => entry.trim())
  const wanted = listed ?? [
    ...defaultEvmChains.map(String),
    ...(env[solanaRpcUrlSetting('mainnet-beta')] ? ['solana:mainnet-beta'] : []),
  ]
  const appRpcUrls: Record<number, string> = {}
  for (const chain of evmChains) {
    const url = env[evmRpcUrlSetting(chain.id)]
    if (url) appRpcUrls[chain.id] = url
  }
  const chains: RemoteChainSetting[] = []
  const seen = new Set<string>()
  for (const entry of wanted) {
    if (seen.has(entry)) {
      problems.push(`CHAINS: ${entry} is listed twice`)
      continue
    }
    seen.add(entry)
    if (/^\d{1,12}$/.test(entry)) {
      const id = Number(entry)
      if (!isSupportedChainId(id)) {
        problems.push(
          `CHAINS: ${entry} is not a chain Charter supports (${evmChains.map((chain) => chain.id).join(', ')})`,
        )
        continue
      }
      chains.push({ type: 'ethereum', id, rpcUrl: resolveRpcUrl({ chain: getChain(id), appRpcUrls }) })
      continue
    }
    const cluster = entry.startsWith('solana:') ? entry.slice('solana:'.length) : undefined
    if (!isSolanaCluster(cluster)) {
      problems.push(
        `CHAINS: "${entry.slice(0, 40)}" is neither an EVM chain id nor solana:mainnet-beta, solana:devnet or solana:testnet`,
      )
      continue
    }
    const url = env[solanaRpcUrlSetting(cluster)]
    if (!url) {
      problems.push(
        `${solanaRpcUrlSetting(cluster)}: required, since CHAINS offers solana:${cluster} (Solana's public endpoints are rate-limited; use your provider's URL)`,
      )
      continue
    }
    chains.push({ type: 'solana', id: cluster, rpcUrl: url })
  }
  if (listed && chains.length === 0 && problems.length === 0) problems.push('CHAINS: lists no chain')
  return chains
}
