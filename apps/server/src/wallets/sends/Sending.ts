import type { Chains } from '../../chains/Chains.ts'
import type { Db } from '../../db/Database.ts'
import type { PolicyEngine } from '../../policy/policyEngine.ts'
import type { Sponsor } from '../../sponsor/Sponsor.ts'
import type { SendFeeCaps } from './sendFeeCaps.ts'

/**
 * What a send needs beyond the wallet's key: the database it is recorded in, the chains it goes to, and the fee
 * caps above which it needs `allow_high_fee: true`.
 */
export type Sending = SendFeeCaps & {
  db: Db
  chains: Chains
  /** The one decision before any key signs: a method asks it through `context.authorize`. */
  policy: PolicyEngine
  /** Who pays a sponsored send's network fee (sponsor/): `sponsorOff` where nobody does. */
  sponsor: Sponsor
}
