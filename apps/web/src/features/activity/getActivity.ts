import { answerOf, api } from '../../lib/api.ts'

/**
 * One page of the signed-in user's signatures, exports and declines, newest first: the newest, or those older
 * than line `before`. `next_before` is where the next (older) page starts; null at the oldest.
 */
export async function getActivity(before?: number) {
  const query = before === undefined ? {} : { before: String(before) }
  return answerOf(api.v1.wallets.activity.$get({ query }))
}
