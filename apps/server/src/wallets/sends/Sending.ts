import type { Chains } from '../../chains/Chains.ts'
import type { Db } from '../../db/Database.ts'
import type { SendHold } from '../../holds/sendHold.ts'

/** What a send needs beyond the wallet's key: the database it is recorded in, and the chains it goes to. */
export type Sending = {
  db: Db
  chains: Chains
  /** Above this maximum fee (wei, gas limit × max fee per gas) a send needs `allow_high_fee: true`. */
  maxFeeWei: bigint
  /** The new-device hold for sends: a method calls `sendHold.check` after its checks, before it signs. */
  sendHold: SendHold
}
