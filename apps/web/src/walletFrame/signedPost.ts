import { authorizationPayload } from '@charter/core'
import { signAuthorization } from '../features/walletProxy/index.ts'

/** A signed request's lifetime: the server takes at most 30 minutes; a minute is plenty for one click. */
const lifetimeMs = 60_000

/** The server's refusal, worded for the member. */
export class ExportRefusal extends Error {}

/**
 * A POST to this Charter with the session's access token and the device key's signature over it, as Charter's
 * wallet API wants every change (docs/login-api.md: the authorization signature).
 */
export async function signedPost(
  path: string,
  body: object,
  { appId, accessToken, privateKey }: { appId: string; accessToken: string; privateKey: CryptoKey },
): Promise<unknown> {
  const url = `${window.location.origin}${path}`
  const expiry = String(Date.now() + lifetimeMs)
  const payload = authorizationPayload({
    method: 'POST',
    url,
    body,
    headers: { 'privy-app-id': appId, 'privy-request-expiry': expiry },
  })
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'omit',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken}`,
      'privy-app-id': appId,
      'privy-request-expiry': expiry,
      'privy-authorization-signature': await signAuthorization(privateKey, payload),
    },
    body: JSON.stringify(body),
  })
  // Charter answers every refusal as {error, code}; anything else is a proxy's page.
  const answer = (await response.json().catch(() => ({}))) as { error?: unknown }
  if (!response.ok) {
    throw new ExportRefusal(
      typeof answer.error === 'string' ? answer.error : `Charter answered ${response.status}.`,
    )
  }
  return answer
}
