import { buildOnrampUrl } from '@charter/core'
import type { OnrampSession } from './fundingApi.ts'
import type { OnrampOrder } from './OnrampPurchase.ts'

/**
 * The provider's page for `order`, by the core's builder with the session the server minted; only the host
 * differs between Coinbase and Charter's sandbox (`base_url`). A root-relative sandbox link is made absolute
 * against the page's own address, so the new window goes exactly there.
 */
export function onrampLink(order: OnrampOrder, session: OnrampSession, pageUrl: string): URL {
  const link = buildOnrampUrl({
    appId: session.app_id,
    sessionToken: session.session_token,
    defaultExperience: order.experience,
    presetCryptoAmount: order.amount,
    network: order.offer.network,
    asset: order.offer.linkAsset,
    partnerUserId: session.partner_user_id,
    baseUrl: session.base_url,
  })
  return new URL(link, pageUrl)
}
