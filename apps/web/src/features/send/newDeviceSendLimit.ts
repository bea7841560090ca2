import type { OfferedChain } from '../balances/index.ts'
import type { NewDeviceSendLimit } from './holdWarning.ts'

/** The chain's new-device send limit, when the server names one (`new_device_send_limit`); else undefined. */
export function newDeviceSendLimit(chain: OfferedChain): NewDeviceSendLimit | undefined {
  const limit = (chain as { new_device_send_limit?: unknown }).new_device_send_limit
  if (typeof limit !== 'object' || limit === null) return undefined
  const { native, usdc } = limit as { native?: unknown; usdc?: unknown }
  if (typeof native !== 'string' || (usdc !== null && typeof usdc !== 'string')) return undefined
  return { native, usdc }
}
