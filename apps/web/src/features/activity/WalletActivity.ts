import type { Answer, api } from '../../lib/api.ts'
import type { ReceivedMoney } from './ReceivedMoney.ts'

/** A line as the server's own types say today. */
type ServerLine = Answer<Awaited<ReturnType<typeof api.v1.wallets.activity.$get>>>['activity'][number]

/**
 * One line of the user's wallet activity, as `GET /api/v1/wallets/activity` answers it. `kind` `decline`: the
 * member pressed Reject and nothing was signed; `digest` is the SHA-256 (hex) of what was signed or exported,
 * the thing itself is never kept. `kind` `receive`: money that arrived, read from the chain, with `received`
 * saying what, from whom and where (null on every other line).
 */
// `received` left out of the server's line and said here, optional: lines written before the server said it (a
// test's, an older server's) stay lines.
export type WalletActivity = Omit<ServerLine, 'kind' | 'received'> & {
  kind: ServerLine['kind'] | 'receive'
  received?: ReceivedMoney | null
}

/** One page of activity: its lines, newest first, and where the next (older) page starts. */
export type ActivityPageAnswer = { activity: WalletActivity[]; next_before: number | null }
