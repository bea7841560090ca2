import type { Answer, api } from '../../lib/api.ts'

/**
 * Money that arrived and has not been announced yet (`GET /api/v1/wallets/received/news`), as the server's own
 * types say: `id` to mark it seen, `created_at` its block time, and what arrived, from whom (`from`, a colleague,
 * else null) and where (`chain_id` as `GET /api/v1/chains` names it; `amount` in base units, as a decimal string).
 */
export type ReceivedNews = Answer<
  Awaited<ReturnType<typeof api.v1.wallets.received.news.$get>>
>['received'][number]

/** Money that arrived in one of the member's wallets: an activity line's `received`, a piece of news without its id. */
export type ReceivedMoney = Omit<ReceivedNews, 'id' | 'created_at'>
