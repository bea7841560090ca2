import type { Context } from 'hono'
import type { DeviceCookie } from '../members/deviceCookie.ts'
import type { SessionCookie } from '../members/sessionCookie.ts'
import type { AuthEnv } from './AuthEnv.ts'
import type { SignedIn } from './AuthService.ts'

/**
 * A session started (or refreshed): its cookie for a browser, its tokens for an API caller. Every sign-in family
 * answers with it, so a client reads one shape whichever way its member signed in.
 */
export function signedIn(
  c: Context<AuthEnv>,
  cookie: SessionCookie,
  result: SignedIn,
  device?: DeviceCookie,
) {
  cookie.set(c, result.session.token, result.session.expiresAt)
  if (device && result.deviceToken) device.set(c, result.deviceToken)
  return c.json({
    user: result.user,
    token: result.accessToken,
    refresh_token: result.session.refreshToken,
    is_new_user: result.isNewUser,
    session_update_action: 'set' as const,
  })
}
