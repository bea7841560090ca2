import { oneTimeCodePattern, oneTimeCodeRules } from '@charter/core'
import { z } from 'zod'

/** The fields every sign-in family shares, so each family's schemas name them (and refuse them) alike. */
export const signInFields = {
  /** A one-time code: a sign-in code, or a step-up code that confirms a change. */
  code: z.string().regex(oneTimeCodePattern, `must be the ${oneTimeCodeRules.digits} digits of the code`),
  /** Privy's: whether a sign-in with an address no account has may make one. */
  mode: z.enum(['no-signup', 'login-or-sign-up']).default('login-or-sign-up'),
  /** A device key (`authorization_key`, `public_key`); what it must be is checked by `parseAuthorizationKey`. */
  deviceKey: z.string().min(1).max(512),
}
