import type { WalletActivity } from './WalletActivity.ts'

/** A line's key in a list: money received is kept apart from what was signed, so two may share an id. */
export const activityLineKey = (line: Pick<WalletActivity, 'kind' | 'id'>) =>
  `${line.kind === 'receive' ? 'receive' : 'line'}-${line.id}`
