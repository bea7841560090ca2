import type { OnrampAsset, OnrampDefaultAsset, OnrampNetwork } from '@charter/core'
import type { OfferedChain } from '../balances/index.ts'

/** One thing the member can top up: an asset on one of their chains, through the on-ramp's network for it. */
export type OnrampOffer = {
  /** Unique among the offers: the chain's id and the asset. */
  key: string
  chain: OfferedChain
  network: OnrampNetwork
  asset: OnrampAsset
  /** What the member sees: 'USDC', or the chain's own coin ('ETH'). */
  symbol: string
  /** What the link and init name it by; undefined for a coin without an on-ramp id (the page asks). */
  linkAsset: OnrampDefaultAsset | undefined
  /** The member's own address on the chain's type. */
  address: string
}

/** Something not offered, with the reason in words: "Why not Solana Devnet?", "Why not ETH on OP Mainnet?". */
export type OnrampRefusal = {
  key: string
  chain: OfferedChain
  /** What was not offered: a whole chain, or one asset on it. */
  subject: string
  reason: string
}

/** A chain's offers (possibly none) and what it cannot be topped up with. */
export type OnrampChainChoice = { chain: OfferedChain; offers: OnrampOffer[]; refusals: OnrampRefusal[] }
