import type { Chains } from '../../chains/Chains.ts'
import type { Db } from '../../db/Database.ts'
import type { SendHold } from '../../holds/sendHold.ts'
import type { SendFeeCaps } from './sendFeeCaps.ts'

/**
 * What a send needs beyond the wallet's key: the database it is recorded in, the chains it goes to, and the fee
 * caps above which it needs `allow_high_fee: true`.
 */
export type Sending = SendFeeCaps & {
  db: Db
  chains: Chains
  /** The new-device hold for sends: a method calls `sendHold.check` after its checks, before it signs. */
  sendHold: SendHold
}
