import { answerOf, api } from '../../lib/api.ts'
import type { ReceivedNews } from './ReceivedMoney.ts'

// The one file that reaches the news of money received (`GET /api/v1/wallets/received/news`,
// `POST /api/v1/wallets/received/news/seen`).

/** Money received that the member has not been told of yet, oldest first (at most 10). */
export async function getReceivedNews(): Promise<ReceivedNews[]> {
  return (await answerOf(api.v1.wallets.received.news.$get())).received
}

/** Marks every piece of news up to and including `through` (an id) as told, so no tab tells it again. */
export async function markReceivedNewsSeen(through: number): Promise<void> {
  await answerOf(api.v1.wallets.received.news.seen.$post({ json: { through } }))
}
