import type { WalletActivity } from './WalletActivity.ts'

/** The send an activity line made, as the server answers it: its status, hash and explorer link. */
export type ActivitySend = NonNullable<WalletActivity['send']>
