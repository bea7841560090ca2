import type { OnrampExperience } from '@charter/core'
import type { OnrampOffer } from './OnrampChoice.ts'

/** What the member asked for: what to top up, how (a card, or their Coinbase account), and how much if said. */
export type OnrampOrder = {
  offer: OnrampOffer
  experience: OnrampExperience
  /** As the link carries it ('0.5'); undefined lets the member choose on the provider's page. */
  amount: string | undefined
}

/** Where a purchase is, from Continue to its end. */
export type OnrampPurchaseState =
  | { status: 'idle' }
  | { status: 'starting'; order: OnrampOrder }
  | {
      status: 'waiting'
      order: OnrampOrder
      /** The provider's page, for the link offered when the window could not open. */
      url: string
      partnerUserId: string
      /** The window could not open (a popup blocker): the member opens the link themselves. */
      blocked: boolean
    }
  | { status: 'success'; order: OnrampOrder }
  | { status: 'failure'; order: OnrampOrder }
  | { status: 'closed'; order: OnrampOrder }
  | { status: 'stopped'; order: OnrampOrder }
  | {
      status: 'error'
      order: OnrampOrder
      /** Whether it could not start (init refused), or could not be followed (its status refused). */
      stage: 'start' | 'follow'
      message: string
    }
