import { z } from 'zod'
import { signInFields } from './signInFields.ts'

const { code, mode, deviceKey } = signInFields
const address = z.string().min(1, 'is required').max(254, 'is too long (254 characters at most)')

/** What `init` adds to the address in either family. */
const initFields = {
  /** A solved proof-of-work challenge (ALTCHA's base64 payload), once the address has had its allowance. */
  token: z.string().max(4096).optional(),
  /** Charter's addition: what the code is for, so its message says so. */
  purpose: z.enum(['sign-in', 'link', 'change']).default('sign-in'),
}

/**
 * The bodies of the one-time-code routes. The two families differ only in the names of their fields, which are
 * Privy's and kept as they are so Privy-shaped clients work: each family has its own schemas, so a handler reads
 * its real field names.
 */
export const codeSignInSchemas = {
  sms: {
    init: z.strictObject({ phoneNumber: address, ...initFields }),
    authenticate: z.strictObject({
      phoneNumber: address,
      code,
      mode,
      authorization_key: deviceKey.optional(),
    }),
    link: z.strictObject({ phoneNumber: address, code }),
    update: z.strictObject({
      old_phone_number: address,
      new_phone_number: address,
      code,
      step_up_code: code.optional(),
    }),
  },
  email: {
    init: z.strictObject({ email: address, ...initFields }),
    authenticate: z.strictObject({ email: address, code, mode, authorization_key: deviceKey.optional() }),
    link: z.strictObject({ email: address, code }),
    update: z.strictObject({ oldAddress: address, newAddress: address, code, step_up_code: code.optional() }),
  },
  stepUp: z.strictObject({
    action: z.enum(['update_phone', 'update_email', 'register_key']),
    via: z.enum(['phone', 'email']).optional(),
  }),
}
