// auth/: the login provider (codes, sign-in, step-up, account changes) over members/; never imports wallets/.
import { type CharterUser, LoginError } from '@charter/core'
import type { Db } from '../db/Database.ts'
import type { NewDeviceHold } from '../holds/newDeviceHold.ts'
import type { Logger } from '../log/logger.ts'
import { type AccessTokenKeys, signAccessToken } from '../members/accessToken.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import type { CodeCaller } from '../members/codeFlows.ts'
import { parseAuthorizationKey } from '../members/deviceKeys.ts'
import { embeddedWalletOwner } from '../members/embeddedWalletOwner.ts'
import {
  type ActiveSession,
  bindSessionKey,
  createSession,
  refreshSession,
  type SessionLifetime,
  type SessionTokens,
} from '../members/sessions.ts'
import {
  createUserWithIdentity,
  findUserIdByIdentity,
  loadUser,
  markIdentityVerified,
  type SignInKind,
  type UserCreatedHook,
  type VerifiedIdentity,
  type WalletClient,
  type WalletIdentity,
} from '../members/users.ts'
import { accountChanges } from './accountChanges.ts'
import type { Channel } from './channels.ts'
import { codeChallenges } from './codeChallenges.ts'
import { codeDelivery, type SignInLimits } from './codeDelivery.ts'
import { embeddedWalletRefused } from './embeddedWalletRefused.ts'
import { type Channels, stepUp } from './stepUp.ts'
import { tellMember } from './tellMember.ts'
import { walletLinks } from './walletLinks.ts'
import type { SignInNonceLimits } from './walletSignIn/signInNonces.ts'

export { defaultSignInLimits, type SignInLimits } from './codeDelivery.ts'

export type AuthServiceOptions = {
  db: Db
  secret: string
  keys: AccessTokenKeys
  appId: string
  /** The `iss` of the access tokens it signs (ACCESS_TOKEN_ISSUER). */
  issuer: string
  session: SessionLifetime
  limits: SignInLimits
  /** How hard the proof-of-work challenge is (CODE_CHALLENGE_MAX_NUMBER). */
  codeChallengeMaxNumber: number
  exportCooldownHours: number
  /** How codes and notices reach the member's phone and email, where set up. */
  channels: Channels
  /** What a new user gets in the statement that makes it: Charter's embedded wallets. */
  onUserCreated: UserCreatedHook[]
  /**
   * Who gets the embedded wallets (EMBEDDED_WALLETS_FOR): everyone, or only members who sign up without a wallet
   * of their own (a wallet sign-up then runs no `onUserCreated` hook).
   */
  embeddedWalletsFor: 'all-users' | 'users-without-wallets'
  /** How many wallet sign-in nonces an address and a client may ask for. */
  walletNonceLimits: SignInNonceLimits
  /**
   * The new-device hold: each session is written with how it signed in and its hold (none if it made the
   * account), which the hold decides.
   */
  hold: NewDeviceHold
  logger: Logger
}

const identityWords = {
  phone: 'phone number',
  email: 'email address',
  wallet: 'wallet',
  passkey: 'passkey',
} as const
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export type SignedIn = {
  user: CharterUser
  session: SessionTokens
  accessToken: string
  isNewUser: boolean
  /** The device token the browser should keep (a sign-in's only): the one it sent, or a new one. */
  deviceToken?: string
}

/**
 * The login provider's rules, independent of HTTP. Sign-in is here: codes, sign-in, refresh and the session's
 * device key; step-up codes (`stepUp.ts`) and account changes (`accountChanges.ts`) are units of their own.
 */
export function createAuthService(options: AuthServiceOptions) {
  const { db, secret } = options
  const challenges = codeChallenges({ db, secret, maxNumber: options.codeChallengeMaxNumber })
  const codes = codeDelivery({ db, secret, limits: options.limits, challenges })
  const steps = stepUp({ codes, channels: options.channels, loadUser: (userId) => mustLoadUser(userId) })
  const holdWords =
    options.hold.hours > 0
      ? ` Keys cannot be exported from it for ${options.hold.duration}, and you would be told if it asked.`
      : ''
  const tell = tellMember({ db, channels: options.channels, logger: options.logger })

  async function mustLoadUser(userId: string): Promise<CharterUser> {
    const user = await loadUser(db, userId)
    if (!user) throw new LoginError('user_does_not_exist')
    return user
  }

  const accessTokenFor = (userId: string, sessionId: string) =>
    signAccessToken(options.keys, { appId: options.appId, issuer: options.issuer, userId, sessionId })

  async function startSession(
    userId: string,
    input: {
      userAgent: string | undefined
      clientAddress: string
      authorizationKey: string | undefined
      signedInWith: SignInKind
      deviceToken: string | undefined
    },
    isNewUser: boolean,
    /** The user's answer when the caller already holds it (a sign-up, from the rows it wrote). */
    user?: CharterUser,
  ): Promise<SignedIn> {
    const { signedInWith, deviceToken, ...started } = input
    const now = new Date()
    // The session's row, its origin (how it signed in, its new-device hold) and the device in one statement.
    const origin = options.hold.newOrigin({ signedInWith, createdAccount: isNewUser }, now)
    const { device, ...session } = await createSession(
      db,
      { userId, ...options.session, ...started, origin, deviceToken },
      now,
    )
    // The account's other addresses hear of a device it never used; the one just used needs no telling.
    if (device.isNew && !isNewUser) {
      await tell(
        userId,
        {
          subject: 'A new device signed in to your Charter account',
          text: `A device your Charter account has not used before signed in on ${when(now)} with your ${identityWords[signedInWith]}${started.clientAddress ? `, from ${started.clientAddress}` : ''}.${holdWords} If this was not you, someone has that ${identityWords[signedInWith]}: open Charter on a device you trust, sign that device out on the Security page, and tell your organisation's administrator.`,
        },
        signedInWith === 'passkey' ? {} : { except: signedInWith },
      )
    }
    const accessToken = await accessTokenFor(userId, session.sessionId)
    return {
      user: user ?? (await mustLoadUser(userId)),
      session,
      accessToken,
      isNewUser,
      deviceToken: device.token,
    }
  }

  /**
   * The session of whoever holds `identity`, just proven (a code, a signed message): the account it belongs to,
   * or a new one made with it unless `mode` is `no-signup`. Two sign-ups of one new identity at once: the second
   * finds the account the first made.
   */
  async function signInAs(
    identity: VerifiedIdentity,
    started: Parameters<typeof startSession>[1],
    how: { mode: 'no-signup' | 'login-or-sign-up'; onUserCreated: UserCreatedHook[]; noAccount: string },
  ): Promise<SignedIn> {
    const existing = await markIdentityVerified(db, identity)
    if (existing) return startSession(existing, started, false)
    if (how.mode === 'no-signup') throw new LoginError('user_does_not_exist', { message: how.noAccount })
    let user: CharterUser
    try {
      user = await createUserWithIdentity(db, identity, how.onUserCreated)
    } catch (error) {
      const winner = await findUserIdByIdentity(db, identity)
      if (!winner) throw error
      return startSession(winner, started, false)
    }
    // The answer is built from the rows just written: nothing is read back.
    return startSession(user.id, started, true, user)
  }

  /**
   * A session ended because a token it had replaced came back: the member is told on the Security page and at
   * every sign-in address, since someone else held a copy of their session. A notice that fails is logged and
   * changes nothing.
   */
  async function tellOfReusedToken(reused: { userId: string; userAgent: string | undefined }) {
    const device = reused.userAgent ? ` (${reused.userAgent.slice(0, 80)})` : ''
    await recordAccountEvent(db, {
      userId: reused.userId,
      kind: 'session_token_reused',
      summary: `Ended a session${device}: a sign-in token it had already replaced was used again, so someone had a copy`,
    })
    await tell(reused.userId, {
      subject: 'A Charter session of yours was ended: someone had a copy of it',
      text: `Charter ended a session of your account${device} on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, because a sign-in token it had already replaced was used again: someone else held a copy of that session. Sign in again on your own devices. If this keeps happening, check those devices for malware, and choose Sign out everywhere on the Security page.`,
    })
  }

  return {
    /**
     * A sign-in code to `rawAddress`, good for the asking flow; answers the normalised address and when the code
     * expires. `proof` is a solved challenge, needed once the address has had its allowance.
     */
    async sendCode(
      channel: Channel,
      rawAddress: string,
      client: CodeCaller,
      purpose: 'sign-in' | 'link' | 'change' = 'sign-in',
      proof?: string,
    ) {
      const address = channel.normalize(rawAddress)
      const { expiresAt } = await codes.send(
        { channel, address, destination: `${channel.kind}:${address}`, purpose },
        client,
        proof,
      )
      return { address, expiresAt }
    },

    /**
     * Signs in (or up) with a code. `authorizationKey` is the device key the new session is born bound to, so
     * that no later request, with a stolen token or not, can attach another.
     */
    async authenticate(input: {
      channel: Channel
      address: string
      code: string
      mode: 'no-signup' | 'login-or-sign-up'
      client: CodeCaller
      userAgent: string | undefined
      authorizationKey: string | undefined
      /**
       * Without `authorizationKey`: the key the browser's wallet frame registered before this sign-in, taken once
       * the code is good (so a wrong code costs it nothing) and bound to the new session (members/pendingKeys.ts).
       */
      pendingKey?: (() => Promise<string | undefined>) | undefined
      /** The browser's device cookie, if it sent one. */
      deviceToken?: string | undefined
    }): Promise<SignedIn> {
      const { channel } = input
      // Checked before the code is used up, so a bad key costs the person nothing.
      if (input.authorizationKey !== undefined)
        parseAuthorizationKey(input.authorizationKey, 'authorization_key')
      const address = channel.normalize(input.address)
      await codes.check({
        destination: `${channel.kind}:${address}`,
        code: input.code,
        client: input.client,
        sentTo: { channel, address },
      })
      const started = {
        userAgent: input.userAgent,
        clientAddress: input.client.address,
        authorizationKey: input.authorizationKey ?? (await input.pendingKey?.()),
        signedInWith: channel.kind,
        deviceToken: input.deviceToken,
      }
      return signInAs({ kind: channel.kind, address }, started, {
        mode: input.mode,
        onUserCreated: options.onUserCreated,
        noAccount: 'There is no account with this address yet. Sign up first.',
      })
    },

    /**
     * Signs in (or up) with a wallet whose signed message the caller has already verified (`walletSignIn/`): the
     * account it is linked to, or a new one made with it. As with a code, the session is born bound to
     * `authorizationKey`, or to the wallet frame's pending key, taken only now the signature held.
     */
    async signInWithWallet(input: {
      identity: WalletIdentity & WalletClient
      mode: 'no-signup' | 'login-or-sign-up'
      clientAddress: string
      userAgent: string | undefined
      authorizationKey: string | undefined
      pendingKey?: (() => Promise<string | undefined>) | undefined
      deviceToken?: string | undefined
    }): Promise<SignedIn> {
      const { identity } = input
      if (input.authorizationKey !== undefined)
        parseAuthorizationKey(input.authorizationKey, 'authorization_key')
      // A wallet Charter keeps is reached through its member's own sign-in, never as an outside wallet: its key,
      // once exported or made to sign, would otherwise open an account of its own (or one it was linked to).
      const keptBy = await embeddedWalletOwner(db, identity)
      if (keptBy) throw embeddedWalletRefused(keptBy, undefined)
      const started = {
        userAgent: input.userAgent,
        clientAddress: input.clientAddress,
        authorizationKey: input.authorizationKey ?? (await input.pendingKey?.()),
        signedInWith: 'wallet' as const,
        deviceToken: input.deviceToken,
      }
      return signInAs(identity, started, {
        mode: input.mode,
        onUserCreated: options.embeddedWalletsFor === 'all-users' ? options.onUserCreated : [],
        noAccount: 'There is no account with this wallet yet. Sign up first, or link it to your account.',
      })
    },

    /**
     * Signs in the member whose passkey answered (passkeys/ verified it): a session that is not a new device, for
     * a thief with the member's codes has no passkey. Never makes an account: a passkey is added to one.
     */
    async signInWithPasskey(input: {
      userId: string
      clientAddress: string
      userAgent: string | undefined
      authorizationKey: string | undefined
      deviceToken?: string | undefined
    }): Promise<SignedIn> {
      if (input.authorizationKey !== undefined) {
        parseAuthorizationKey(input.authorizationKey, 'authorization_key')
      }
      return startSession(
        input.userId,
        {
          userAgent: input.userAgent,
          clientAddress: input.clientAddress,
          authorizationKey: input.authorizationKey,
          signedInWith: 'passkey',
          deviceToken: input.deviceToken,
        },
        false,
      )
    },

    async refresh(by: { refreshToken: string } | { token: string }): Promise<SignedIn> {
      const outcome = await refreshSession(db, { secret, lifetimeHours: options.session.lifetimeHours }, by)
      if (outcome.kind === 'reused') {
        await tellOfReusedToken(outcome)
        throw new LoginError('missing_or_invalid_token', {
          message:
            'This session was ended because a refresh token it had already replaced was used again, which means a copy of it was kept somewhere. Please sign in again.',
        })
      }
      if (outcome.kind === 'unknown') {
        throw new LoginError('missing_or_invalid_token', {
          message: 'Your session has ended. Please sign in again.',
        })
      }
      const { tokens } = outcome
      const accessToken = await accessTokenFor(tokens.userId, tokens.sessionId)
      return { user: await mustLoadUser(tokens.userId), session: tokens, accessToken, isNewUser: false }
    },

    /**
     * Binds a device key to the session. A session born with a key keeps it; one that signed in without a key
     * (an SDK client) may add one only with a step-up code, so a stolen token cannot attach the thief's key.
     */
    async registerDeviceKey(input: {
      session: ActiveSession
      publicKey: string
      code: string | undefined
      client: CodeCaller
    }) {
      parseAuthorizationKey(input.publicKey)
      const { session } = input
      if (session.authorizationKey === input.publicKey) return
      if (session.authorizationKey) {
        throw new LoginError('invalid_data', {
          message: 'This session already has a device key. Sign out and sign in again to use another device.',
        })
      }
      if (input.code === undefined) {
        throw new LoginError('missing_or_invalid_mfa', {
          message:
            'This session was started without a device key. To add one, confirm it with a code: ask for one with POST /api/v1/step_up/init {"action": "register_key"} and send it here as code.',
        })
      }
      await steps.checkStepUpCode({
        sessionId: session.sessionId,
        action: 'register_key',
        code: input.code,
        client: input.client,
      })
      if (!(await bindSessionKey(db, session.sessionId, input.publicKey))) {
        throw new LoginError('invalid_data', {
          message: 'This session already has a device key. Sign out and sign in again to use another device.',
        })
      }
      // A passkey's session that takes its key with a code is only as good as the code: it is held from now.
      if ((await options.hold.signedInWith(session.sessionId)) === 'passkey') {
        await options.hold.holdFromNow(session.sessionId)
      }
      await recordAccountEvent(db, {
        userId: session.userId,
        kind: 'device_added',
        summary: 'Confirmed a device for a session that signed in without one',
      })
    },

    /**
     * A proof-of-work challenge for a client whose refusal (`invalid_captcha`) did not reach it whole: Privy's
     * clients keep only `{error, code}` of an answer.
     */
    newCodeChallenge: () => challenges.issue(),

    ...steps,
    ...accountChanges({
      db,
      codes,
      stepUp: steps,
      channels: options.channels,
      loadUser: mustLoadUser,
      exportCooldownHours: options.exportCooldownHours,
      logger: options.logger,
    }),

    ...walletLinks({ db, loadUser: mustLoadUser, tell }),

    loadUser: mustLoadUser,

    /** The throttling of wallet sign-in nonces (the routes issue them). */
    walletNonceLimits: options.walletNonceLimits,
    /** How many passkey sign-ins one client address may start (the routes issue their challenges). */
    passkeySignInsPerClient: options.limits.passkeySignInsPerClient,
    /** How many codes one client address may have sent: invitations' texts and emails count against it too. */
    sendsPerClient: options.limits.sendsPerClient,

    /** How codes and notices reach the member's phone and email, where set up (the routes offer only these). */
    channels: options.channels,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
