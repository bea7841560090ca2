import type { EmailAccount } from './EmailAccount.ts'
import type { EmbeddedWalletAccount } from './EmbeddedWalletAccount.ts'
import type { ExternalWalletAccount } from './ExternalWalletAccount.ts'
import type { PasskeyAccount } from './PasskeyAccount.ts'
import type { PhoneAccount } from './PhoneAccount.ts'

/** One way a user logs in or holds funds, discriminated by `type`. */
export type LinkedAccount =
  | PhoneAccount
  | EmailAccount
  | EmbeddedWalletAccount
  | ExternalWalletAccount
  | PasskeyAccount
