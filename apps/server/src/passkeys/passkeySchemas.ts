import type { WireAuthenticationResponse, WireRegistrationResponse } from '@charter/core'
import { z } from 'zod'

export const b64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
  .max(8192)
const extensions = z.object({ cred_props: z.object({ rk: z.boolean().optional() }).optional() })
const attachment = z.enum(['platform', 'cross-platform']).optional()

/** Privy's `PasskeyAuthenticatorEnrollmentResponse` (docs/passkeys.md). */
export const enrollmentResponse: z.ZodType<WireRegistrationResponse> = z.object({
  id: b64url,
  raw_id: b64url,
  type: z.literal('public-key'),
  response: z.object({
    client_data_json: b64url,
    attestation_object: b64url,
    authenticator_data: b64url.optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    public_key: b64url.optional(),
    public_key_algorithm: z.number().int().optional(),
  }),
  authenticator_attachment: attachment,
  client_extension_results: extensions,
})

/** Privy's `PasskeyAuthenticatorVerifyResponse`. */
export const verifyResponse: z.ZodType<WireAuthenticationResponse> = z.object({
  id: b64url,
  raw_id: b64url,
  type: z.literal('public-key'),
  response: z.object({
    client_data_json: b64url,
    authenticator_data: b64url,
    signature: b64url,
    user_handle: b64url.optional(),
  }),
  authenticator_attachment: attachment,
  client_extension_results: extensions,
})

export const relyingParty = z.string().max(300).optional()
/** What a passkey confirms, where a route takes one instead of a code or a wait. */
export const passkeyProof = z.strictObject({ authenticator_response: verifyResponse })
