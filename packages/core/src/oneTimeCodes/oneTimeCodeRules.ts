/**
 * Charter's one-time codes (docs/sign-in.md): the server makes, sends and checks them by these rules, and the
 * browser reads the same ones to draw its boxes and time its resend button.
 */
export const oneTimeCodeRules = {
  /** A code is this many decimal digits. */
  digits: 6,
  lifetimeMinutes: 10,
  /** Wrong tries a code survives; the next try is refused and a new code must be asked for. */
  maxFailedAttempts: 5,
  /** One code per address in this many seconds: the server refuses a second one sooner, so a resend waits as long. */
  resendWaitSeconds: 30,
} as const
