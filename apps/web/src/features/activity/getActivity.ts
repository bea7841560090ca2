import { answerOf, api } from '../../lib/api.ts'

/** The signed-in user's signatures and exports, newest first. */
export async function getActivity() {
  return (await answerOf(api.v1.wallets.activity.$get())).activity
}
