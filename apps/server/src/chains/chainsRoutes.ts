import type { OnrampNetwork } from '@charter/core'
import { Hono } from 'hono'
import type { SendLimits } from '../settings/sendLimitSettings.ts'
import type { Chains } from './Chains.ts'
import type { PublicChain } from './ServedChain.ts'

/** A chain as `GET /chains` answers it: what anyone may know, and what a new device sends without waiting. */
export type ListedChain = PublicChain & {
  /** Whole coins as decimal strings ("0.05", "100"); `usdc` is null on a chain without USDC. */
  new_device_send_limit: { native: string; usdc: string | null }
  /**
   * The on-ramp network that funds this chain here: the mainnet's own with Coinbase, the network a local devnet
   * stands for in the sandbox; null where none does (a test network with Coinbase, or no on-ramp at all).
   */
  onramp_network: OnrampNetwork | null
}

/**
 * `GET /chains`: the chains this server offers, for anyone (it tells nothing secret: no RPC URL, only the path of
 * Charter's own proxy for each). Local devnets keep their real names, with `local: true` and no explorer. Each
 * says how much the member's new devices may move at once, in all (NEW_DEVICE_SEND_LIMIT_*), so the app can say a send
 * will wait.
 */
export function chainsRoutes(
  chains: Chains,
  limits: SendLimits,
  onrampNetworkOf: (chain: PublicChain) => OnrampNetwork | undefined = () => undefined,
) {
  return new Hono().get('/chains', (c) =>
    c.json({
      chains: chains.list().map(
        (chain): ListedChain => ({
          ...chain,
          new_device_send_limit: {
            native: limits.native[String(chain.id)] ?? '0',
            usdc: chain.usdc ? limits.usdc : null,
          },
          onramp_network: onrampNetworkOf(chain) ?? null,
        }),
      ),
    }),
  )
}
