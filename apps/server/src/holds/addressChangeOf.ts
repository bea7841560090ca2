import { shortenAddress } from '@charter/core'
import type { HeldActionRequest } from './newDeviceHold.ts'

const words = { phone: 'phone number', email: 'email address', wallet: 'wallet' } as const
const article = { phone: 'a', email: 'an', wallet: 'a' } as const

/**
 * A new device adding, changing or removing a way to sign in, as a held action. Adding one gives whoever took the
 * member's phone a way in of their own (and the member's step-up codes); changing or removing one takes away the
 * member's way back, and with it the sign-in that could cancel the stranger's requests. One pending request per
 * session and change (`address` names a wallet that is removed).
 */
export function addressChangeOf(
  session: { sessionId: string; userId: string },
  change: 'link' | 'update' | 'unlink',
  kind: 'phone' | 'email' | 'wallet',
  address?: string,
): HeldActionRequest {
  const named = address ? `${words[kind]} ${shortenAddress(address)}` : words[kind]
  return {
    session,
    kind: 'address_change',
    subject: address ? `${change}_${kind}:${address.toLowerCase()}` : `${change}_${kind}`,
    what:
      change === 'link'
        ? `add ${article[kind]} ${words[kind]} to your account`
        : change === 'update'
          ? `change the ${words[kind]} you sign in with`
          : `remove the ${named} you sign in with`,
  }
}
