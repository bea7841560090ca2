import { type CharterUser, LoginError } from '@charter/core'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { identities } from '../db/schema.ts'
import { type AccessTokenKeys, signAccessToken } from './accessToken.ts'
import type { Channel } from './channels.ts'
import { consumeOneTimeCode, issueOneTimeCode, oneTimeCodeRules } from './oneTimeCodes.ts'
import { consumeRateLimit, type RateLimitRule, resetRateLimit } from './rateLimit.ts'
import { createSession, refreshSession, type SessionTokens } from './sessions.ts'
import { TooManyRequestsError, waitInWords } from './TooManyRequestsError.ts'
import {
  createUserWithIdentity,
  findUserIdByIdentity,
  type IdentityKind,
  loadUser,
  markIdentityVerified,
  type UserCreatedHook,
} from './users.ts'

export type SignInLimits = {
  /** Codes sent to one phone number or email address. */
  perDestination: RateLimitRule[]
  /** Codes sent to anyone from one client address. */
  sendsPerClient: RateLimitRule
  /** Codes tried from one client address, across all destinations. */
  triesPerClient: RateLimitRule
}

export const defaultSignInLimits = (perClientPerHour: number): SignInLimits => ({
  perDestination: [
    { limit: 1, windowSeconds: 30 },
    { limit: 5, windowSeconds: 3600 },
  ],
  sendsPerClient: { limit: perClientPerHour, windowSeconds: 3600 },
  triesPerClient: { limit: perClientPerHour * 5, windowSeconds: 3600 },
})

export type AuthServiceOptions = {
  db: Db
  secret: string
  keys: AccessTokenKeys
  appId: string
  sessionLifetimeHours: number
  limits: SignInLimits
  onUserCreated: UserCreatedHook[]
}

export type SignedIn = {
  user: CharterUser
  session: SessionTokens
  accessToken: string
  isNewUser: boolean
}

const destinationOf = (kind: IdentityKind, value: string) => `${kind}:${value}`

/** The login provider's rules, independent of HTTP: codes, users, identities, sessions. */
export function createAuthService(options: AuthServiceOptions) {
  const { db, secret } = options
  // The shortest per-address window: how soon after one code another may be sent.
  const [shortestWindow] = [...options.limits.perDestination].sort(
    (a, b) => a.windowSeconds - b.windowSeconds,
  )

  async function throttle(key: string, rule: RateLimitRule, what: string) {
    const verdict = await consumeRateLimit(db, key, rule)
    if (!verdict.allowed) {
      throw new TooManyRequestsError(
        `${what} Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      )
    }
  }

  async function sendCode(channel: Channel, rawAddress: string, client: string) {
    const address = channel.normalize(rawAddress)
    const destination = destinationOf(channel.kind, address)
    for (const rule of options.limits.perDestination) {
      await throttle(`send:${destination}:${rule.windowSeconds}`, rule, 'A code was sent here a moment ago.')
    }
    await throttle(
      `send-client:${client}`,
      options.limits.sendsPerClient,
      'Too many codes were asked for from here.',
    )
    const { code, expiresAt } = await issueOneTimeCode(db, secret, destination)
    await channel.sendCode(address, code, oneTimeCodeRules.lifetimeMinutes)
    return { address, expiresAt }
  }

  async function checkCode(channel: Channel, rawAddress: string, code: string, client: string) {
    const address = channel.normalize(rawAddress)
    await throttle(
      `try-client:${client}`,
      options.limits.triesPerClient,
      'Too many codes were tried from here.',
    )
    const destination = destinationOf(channel.kind, address)
    await consumeOneTimeCode(db, secret, destination, code, {
      resendWindowSeconds: shortestWindow?.windowSeconds,
    })
    // The code reached its owner: a new one may follow at once (say, to sign in right after linking),
    // though the hourly cap still counts.
    if (shortestWindow) await resetRateLimit(db, `send:${destination}:${shortestWindow.windowSeconds}`)
    return address
  }

  async function mustLoadUser(userId: string): Promise<CharterUser> {
    const user = await loadUser(db, userId)
    if (!user) throw new LoginError('user_does_not_exist')
    return user
  }

  async function startSession(userId: string, userAgent: string | undefined, isNewUser: boolean) {
    const session = await createSession(db, {
      userId,
      lifetimeHours: options.sessionLifetimeHours,
      userAgent,
    })
    const accessToken = await signAccessToken(options.keys, {
      appId: options.appId,
      userId,
      sessionId: session.sessionId,
    })
    return { user: await mustLoadUser(userId), session, accessToken, isNewUser }
  }

  return {
    sendCode,

    async authenticate(input: {
      channel: Channel
      address: string
      code: string
      mode: 'no-signup' | 'login-or-sign-up'
      client: string
      userAgent: string | undefined
    }): Promise<SignedIn> {
      const { channel } = input
      const address = await checkCode(channel, input.address, input.code, input.client)
      const existing = await findUserIdByIdentity(db, channel.kind, address)
      if (existing) {
        await markIdentityVerified(db, channel.kind, address)
        return startSession(existing, input.userAgent, false)
      }
      if (input.mode === 'no-signup') {
        throw new LoginError('user_does_not_exist', {
          message: 'There is no account with this address yet. Sign up first.',
        })
      }
      let userId: string
      try {
        userId = await db.transaction((tx) =>
          createUserWithIdentity(tx, { kind: channel.kind, value: address }, options.onUserCreated),
        )
      } catch (error) {
        // Two sign-ins of a new address at once: the second finds the user the first made.
        const winner = await findUserIdByIdentity(db, channel.kind, address)
        if (!winner) throw error
        return startSession(winner, input.userAgent, false)
      }
      return startSession(userId, input.userAgent, true)
    },

    async link(input: { channel: Channel; userId: string; address: string; code: string; client: string }) {
      const { channel, userId } = input
      const address = await checkCode(channel, input.address, input.code, input.client)
      const owner = await findUserIdByIdentity(db, channel.kind, address)
      if (owner === userId) return mustLoadUser(userId)
      if (owner) throw linkedToAnother(channel.kind)
      const user = await mustLoadUser(userId)
      if (user.linked_accounts.some((account) => account.type === channel.kind)) {
        throw new LoginError('cannot_link_more_of_type', {
          message: `Your account already has ${channel.kind === 'phone' ? 'a phone number' : 'an email address'}. Change it instead of adding another.`,
        })
      }
      const now = new Date()
      try {
        await db
          .insert(identities)
          .values({ userId, kind: channel.kind, value: address, firstVerifiedAt: now, latestVerifiedAt: now })
      } catch {
        // The unique indexes decide a race: either someone else took the address or a second one was linked.
        const winner = await findUserIdByIdentity(db, channel.kind, address)
        if (winner !== userId) throw linkedToAnother(channel.kind)
      }
      return mustLoadUser(userId)
    },

    async update(input: {
      channel: Channel
      userId: string
      oldAddress: string
      newAddress: string
      code: string
      client: string
    }) {
      const { channel, userId } = input
      const oldAddress = channel.normalize(input.oldAddress)
      if ((await findUserIdByIdentity(db, channel.kind, oldAddress)) !== userId) {
        throw new LoginError('invalid_data', {
          message: `${channel.kind === 'phone' ? 'The old phone number' : 'The old email address'} is not linked to your account.`,
        })
      }
      const newAddress = await checkCode(channel, input.newAddress, input.code, input.client)
      const owner = await findUserIdByIdentity(db, channel.kind, newAddress)
      if (owner === userId) return mustLoadUser(userId)
      if (owner) throw linkedToAnother(channel.kind)
      const now = new Date()
      try {
        await db
          .update(identities)
          .set({ value: newAddress, firstVerifiedAt: now, latestVerifiedAt: now })
          .where(
            and(
              eq(identities.userId, userId),
              eq(identities.kind, channel.kind),
              eq(identities.value, oldAddress),
            ),
          )
      } catch (cause) {
        throw new LoginError('linked_to_another_user', {
          message: 'This address was just linked to another account.',
          cause,
        })
      }
      return mustLoadUser(userId)
    },

    async refresh(by: { refreshToken: string } | { token: string }): Promise<SignedIn> {
      const refreshed = await refreshSession(db, by, options.sessionLifetimeHours)
      if (!refreshed) {
        throw new LoginError('missing_or_invalid_token', {
          message: 'Your session has ended. Please sign in again.',
        })
      }
      const accessToken = await signAccessToken(options.keys, {
        appId: options.appId,
        userId: refreshed.userId,
        sessionId: refreshed.sessionId,
      })
      return { user: await mustLoadUser(refreshed.userId), session: refreshed, accessToken, isNewUser: false }
    },

    /**
     * A fresh code for a step that needs more than a session (exporting a key): sent to the user's phone when
     * SMS is set up, else to their email. Answers where it went.
     */
    async sendStepUpCode(input: {
      userId: string
      sms: Channel | undefined
      email: Channel | undefined
      client: string
    }) {
      const user = await mustLoadUser(input.userId)
      const phone = user.linked_accounts.find((account) => account.type === 'phone')
      const email = user.linked_accounts.find((account) => account.type === 'email')
      const target =
        phone && input.sms
          ? { channel: input.sms, address: phone.phoneNumber }
          : email && input.email
            ? { channel: input.email, address: email.address }
            : undefined
      if (!target) {
        throw new LoginError('not_supported', {
          message: 'Your account has no phone number or email address to send a code to.',
        })
      }
      const destination = `step-up:${input.userId}`
      for (const rule of options.limits.perDestination) {
        await throttle(`send:${destination}:${rule.windowSeconds}`, rule, 'A code was sent a moment ago.')
      }
      await throttle(
        `send-client:${input.client}`,
        options.limits.sendsPerClient,
        'Too many codes were asked for from here.',
      )
      const { code, expiresAt } = await issueOneTimeCode(db, secret, destination)
      await target.channel.sendCode(target.address, code, oneTimeCodeRules.lifetimeMinutes)
      return { kind: target.channel.kind, address: target.address, expiresAt }
    },

    async checkStepUpCode(input: { userId: string; code: string; client: string }) {
      await throttle(
        `try-client:${input.client}`,
        options.limits.triesPerClient,
        'Too many codes were tried from here.',
      )
      await consumeOneTimeCode(db, secret, `step-up:${input.userId}`, input.code, {
        resendWindowSeconds: shortestWindow?.windowSeconds,
      })
    },

    loadUser: mustLoadUser,
  }
}

export type AuthService = ReturnType<typeof createAuthService>

function linkedToAnother(kind: IdentityKind) {
  return new LoginError('linked_to_another_user', {
    message: `This ${kind === 'phone' ? 'phone number' : 'email address'} belongs to another account. Sign in with it there, or use a different one.`,
  })
}
