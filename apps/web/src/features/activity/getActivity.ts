import { answerOf, api } from '../../lib/api.ts'
import type { ActivityPageAnswer } from './WalletActivity.ts'

/**
 * One page of the signed-in user's signatures, exports, declines and money received, newest first: the newest,
 * or those older than line `before`. `next_before` is where the next (older) page starts; null at the oldest.
 */
export async function getActivity(before?: number, limit?: number): Promise<ActivityPageAnswer> {
  const query = {
    ...(before !== undefined && { before: String(before) }),
    ...(limit !== undefined && { limit: String(limit) }),
  }
  // Typed by hand until the server's types carry the lines of money received.
  return (await answerOf(api.v1.wallets.activity.$get({ query }))) as ActivityPageAnswer
}
