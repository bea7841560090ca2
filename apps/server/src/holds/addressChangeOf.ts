import type { HeldActionRequest } from './newDeviceHold.ts'

const words = { phone: 'phone number', email: 'email address' } as const

/**
 * A new device adding or changing a sign-in address, as a held action: it would give whoever took the member's
 * phone a way in of their own, and the member's step-up codes. One pending request per session and change.
 */
export function addressChangeOf(
  session: { sessionId: string; userId: string },
  change: 'link' | 'update',
  kind: 'phone' | 'email',
): HeldActionRequest {
  return {
    session,
    kind: 'address_change',
    subject: `${change}_${kind}`,
    what:
      change === 'link'
        ? `add ${kind === 'email' ? 'an' : 'a'} ${words[kind]} to your account`
        : `change the ${words[kind]} you sign in with`,
  }
}
