import type { OnrampNetwork } from '@charter/core'
import type { PublicChain } from '../chains/ServedChain.ts'

/** Which service sells: Coinbase Onramp (production), or Charter's own sandbox over the local devnets. */
export type OnrampServiceName = 'coinbase' | 'sandbox'

/** How a purchase went: `pending` until the provider says it succeeded or failed. */
export type OnrampStatus = 'pending' | 'success' | 'failure'

/** An address the session may fund, on these on-ramp networks (Coinbase's `addresses` entry). */
export type OnrampAddress = { address: string; blockchains: OnrampNetwork[] }

/** What a session token is minted for. */
export type MintRequest = {
  addresses: OnrampAddress[]
  /** Coinbase asset symbols (`USDC`, `ETH`); undefined: any. */
  assets: string[] | undefined
  /** The member's IP address, as TRUST_PROXY reads it: Coinbase binds the token to it. */
  clientIp: string
  partnerUserId: string
}

export type MintedToken = {
  token: string
  channelId: string
  /** The sandbox's own token: kept as a digest on the request's row, with when it expires. */
  sandbox?: { tokenDigest: string; expiresAt: Date }
}

/**
 * The on-ramp part's adapter: what the funding routes call. Both mint a single-use session token for the link
 * the core's `buildOnrampUrl` builds; only the host (`baseUrl`) and the app id differ.
 */
export type Onramp = {
  readonly service: OnrampServiceName
  /** The link's appId: the CDP project id, or Charter's APP_ID for the sandbox. */
  readonly appId: string
  /** Where the buy page is: `https://pay.coinbase.com`, or the sandbox's `/sandbox/onramp`. */
  readonly baseUrl: string
  /** The on-ramp network that funds `chain` on this server, or undefined where none does. */
  networkOf: (chain: PublicChain) => OnrampNetwork | undefined
  mint: (request: MintRequest) => Promise<MintedToken>
  /**
   * How the purchase of `partnerUserId` is going, asked of the provider (Coinbase's Transaction Status API).
   * Undefined for the sandbox, whose own page writes the status.
   */
  lookUp?: (partnerUserId: string) => Promise<OnrampStatus>
}
