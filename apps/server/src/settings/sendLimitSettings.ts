import { evmChains, type SolanaCluster, type SupportedChainId, solanaClusters } from '@charter/core'
import { z } from 'zod'

/**
 * What the member's sessions within the new-device hold may move at once, in all, over the hold's length (fees
 * included): USDC (in whole dollars, the same on every chain) and each chain's native coin. Past either, the
 * request waits like an export (policy/newDeviceBudget.ts).
 */
export type SendLimits = {
  /** Whole USDC, a decimal string ("100"). */
  usdc: string
  /** Whole native coins per chain, by the id a path carries (`84532`, `devnet`), as decimal strings ("0.05"). */
  native: Record<string, string>
}

/** `NEW_DEVICE_SEND_LIMIT_8453`, `NEW_DEVICE_SEND_LIMIT_SOLANA_MAINNET_BETA`: one chain's native limit. */
const evmLimitSetting = (chainId: SupportedChainId) => `NEW_DEVICE_SEND_LIMIT_${chainId}` as const
const solanaLimitSetting = (cluster: SolanaCluster) =>
  `NEW_DEVICE_SEND_LIMIT_SOLANA_${cluster.toUpperCase().replaceAll('-', '_')}` as const

/**
 * The defaults, each worth roughly a hundred dollars or more, so a thief on a new device cannot empty a wallet
 * at once while everyday amounts go out: 0.05 of an ether chain's ETH, 5 AVAX, 500 POL or CELO, 1 SOL.
 */
const evmDefault = (symbol: string) =>
  symbol === 'AVAX' ? '5' : symbol === 'POL' || symbol === 'CELO' ? '500' : '0.05'
const solanaDefault = '1'

const amount = (what: string, fallback: string) =>
  z
    .string()
    .regex(/^(\d{1,12}(\.\d{1,18})?|\.\d{1,18})$/, `must be an amount of ${what}, e.g. ${fallback}`)
    .default(fallback)

const clusters = Object.keys(solanaClusters) as SolanaCluster[]

/** The settings' part of the schema: `NEW_DEVICE_SEND_LIMIT_USDC` and one native limit per chain. */
export const sendLimitVariables = {
  NEW_DEVICE_SEND_LIMIT_USDC: amount('USDC', '100'),
  ...Object.fromEntries(
    evmChains.map((chain) => [
      evmLimitSetting(chain.id),
      amount(chain.nativeCurrency.symbol, evmDefault(chain.nativeCurrency.symbol)),
    ]),
  ),
  ...Object.fromEntries(
    clusters.map((cluster) => [solanaLimitSetting(cluster), amount('SOL', solanaDefault)]),
  ),
} as Record<'NEW_DEVICE_SEND_LIMIT_USDC' | `NEW_DEVICE_SEND_LIMIT_${string}`, ReturnType<typeof amount>>

/** The limits the parsed settings name, by chain. */
export function sendLimitsFrom(env: Record<string, unknown>): SendLimits {
  const native: Record<string, string> = {}
  for (const chain of evmChains) native[String(chain.id)] = String(env[evmLimitSetting(chain.id)])
  for (const cluster of clusters) native[cluster] = String(env[solanaLimitSetting(cluster)])
  return { usdc: String(env.NEW_DEVICE_SEND_LIMIT_USDC), native }
}
