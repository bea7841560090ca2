import type { getActivity } from './getActivity.ts'

/**
 * One line of the user's wallet activity, as `GET /api/v1/wallets/activity` answers it. `kind` `decline`: the
 * member pressed Reject and nothing was signed; `digest` is the SHA-256 (hex) of what was signed or exported,
 * the thing itself is never kept.
 */
export type WalletActivity = Awaited<ReturnType<typeof getActivity>>['activity'][number]
