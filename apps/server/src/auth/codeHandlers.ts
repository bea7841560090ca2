import { LoginError, toUnixSeconds } from '@charter/core'
import type { Context } from 'hono'
import { addressChangeOf } from '../holds/addressChangeOf.ts'
import type { NewDeviceHold } from '../holds/newDeviceHold.ts'
import type { CodeFlows } from '../members/codeFlows.ts'
import type { DeviceCookie } from '../members/deviceCookie.ts'
import type { PendingKeys } from '../members/pendingKeys.ts'
import type { SessionCookie } from '../members/sessionCookie.ts'
import { requireSession } from '../members/sessionMiddleware.ts'
import type { AuthEnv } from './AuthEnv.ts'
import type { AuthService } from './AuthService.ts'
import type { Channel } from './channels.ts'
import { signedIn } from './signedIn.ts'

export type CodeHandlersOptions = {
  auth: AuthService
  cookie: SessionCookie
  /** Whose codes are whose: the flow cookie, or the client address of a caller that keeps no cookies. */
  flows: CodeFlows
  /** The long-lived cookie that tells a browser the account used before from a new one. */
  device: DeviceCookie
  /** Keys the wallet frame registered before a sign-in, bound by the sign-in that follows in its browser. */
  pending: PendingKeys
  /** A new device's link or change of a sign-in address waits its hold (holds/addressChangeOf.ts). */
  hold: NewDeviceHold
}

/**
 * What a one-time-code route does once its family's body is read into these plain fields: the same for SMS and
 * email, which differ only in their field names (`codeSignInSchemas`).
 */
export function codeHandlers(
  /** The channel's name, for the refusal when it is not set up on this server. */
  name: string,
  maybeChannel: Channel | undefined,
  { auth, cookie, flows, device, pending, hold }: CodeHandlersOptions,
) {
  const channel = (): Channel => {
    if (!maybeChannel) {
      throw new LoginError('not_supported', { message: `Sign-in by ${name} is not set up on this server.` })
    }
    return maybeChannel
  }

  return {
    async init(
      c: Context<AuthEnv>,
      body: { address: string; purpose: 'sign-in' | 'link' | 'change'; token: string | undefined },
    ) {
      const { expiresAt } = await auth.sendCode(
        channel(),
        body.address,
        flows.asking(c),
        body.purpose,
        body.token,
      )
      return c.json({ success: true as const, expires_at: toUnixSeconds(expiresAt) })
    },

    async authenticate(
      c: Context<AuthEnv>,
      body: {
        address: string
        code: string
        mode: 'no-signup' | 'login-or-sign-up'
        authorizationKey: string | undefined
      },
    ) {
      const { authorizationKey } = body
      const result = await auth.authenticate({
        channel: channel(),
        address: body.address,
        code: body.code,
        mode: body.mode,
        client: flows.trying(c),
        userAgent: c.req.header('user-agent'),
        authorizationKey,
        // A key sent in the body wins; the frame's pending key is left for a sign-in that sends none.
        pendingKey: authorizationKey === undefined ? () => pending.take(c) : undefined,
        deviceToken: device.read(c),
      })
      return signedIn(c, cookie, result, device)
    },

    async link(c: Context<AuthEnv>, body: { address: string; code: string }) {
      const session = requireSession(c)
      const change = addressChangeOf(session, 'link', channel().kind)
      // Before any code is looked at: whatever code a new device holds, a new way in waits.
      await hold.assertNotHeld(change)
      const user = await auth.link({
        channel: channel(),
        userId: session.userId,
        address: body.address,
        code: body.code,
        client: flows.trying(c),
      })
      await hold.complete(change)
      return c.json(user)
    },

    async update(
      c: Context<AuthEnv>,
      body: { oldAddress: string; newAddress: string; code: string; stepUpCode: string | undefined },
    ) {
      const session = requireSession(c)
      const change = addressChangeOf(session, 'update', channel().kind)
      await hold.assertNotHeld(change)
      const user = await auth.update({
        channel: channel(),
        userId: session.userId,
        sessionId: session.sessionId,
        oldAddress: body.oldAddress,
        newAddress: body.newAddress,
        code: body.code,
        stepUpCode: body.stepUpCode,
        client: flows.trying(c),
      })
      await hold.complete(change)
      return c.json(user)
    },
  }
}
