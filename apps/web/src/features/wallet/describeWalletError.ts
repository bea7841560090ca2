import { WalletKeyMismatchError, WalletKeyMissingError } from '../walletProxy/index.ts'

export type WalletErrorText = {
  title: string
  description: string
  /** Only a new session helps: offer to sign out. */
  signOut?: boolean
  /** False for an error this function has no words of its own for. */
  known: boolean
  /** The person pressed Reject: not a failure, said in neutral words. */
  declined?: boolean
}

/**
 * What a screen says after the person's own Reject. The provider's caller still gets core's 4001 texts
 * ('Signature rejected', 'Please try signing again.'); a person who chose not to sign is not asked to retry.
 */
export const declinedText = { title: 'You declined.', description: 'Nothing was signed.' } as const

const findInChain = (error: unknown, test: (error: unknown) => boolean): boolean => {
  let current = error
  for (let depth = 0; depth < 8 && current; depth++) {
    if (test(current)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

const hasCode = (code: number) => (error: unknown) => (error as { code?: unknown })?.code === code

/**
 * What a person reads after a wallet action failed, whoever raised it (the provider, viem, the proxy): a
 * rejection is the person's own choice ('You declined. Nothing was signed.'), a lost or missing device key asks
 * them to sign out and in.
 */
export function describeWalletError(error: unknown): WalletErrorText {
  if (findInChain(error, hasCode(4001))) return { ...declinedText, known: true, declined: true }
  for (const KeyError of [WalletKeyMismatchError, WalletKeyMissingError]) {
    if (findInChain(error, (cause) => cause instanceof KeyError)) {
      return {
        title: 'Sign out and sign in again',
        description: new KeyError().shortMessage,
        signOut: true,
        known: true,
      }
    }
  }
  const shortMessage = (error as { shortMessage?: unknown })?.shortMessage
  const message =
    typeof shortMessage === 'string' ? shortMessage : error instanceof Error ? error.message : String(error)
  return { title: 'The wallet could not do that', description: message, known: false }
}
