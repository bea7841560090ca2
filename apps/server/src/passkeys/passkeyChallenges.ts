import { LoginError } from '@charter/core'
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { passkeyChallenges } from '../db/schema.ts'

/** How long a ceremony's challenge may be answered: the browser's own prompt times out well before. */
const challengeLifetimeMs = 5 * 60_000

type ChallengePurpose = (typeof passkeyChallenges.$inferInsert)['purpose']

/** Who may answer a challenge, and for what: what it was issued for must match exactly. */
export type ChallengeBinding = {
  purpose: ChallengePurpose
  /** The session that asked (a link or a proof), and so its member; none for a sign-in. */
  sessionId?: string
  /** What a proof confirms: "held:<id>", "export:<wallet id>", "unlink:<credential id>". */
  action?: string
}

/**
 * The passkey ceremonies' challenges, in the database so any replica can check what another issued, each used at
 * most once: `take` deletes the row it matches in the statement that finds it, so of two answers at once (a
 * replayed request, a second tab, another replica) one gets it.
 */
export function passkeyChallengeStore(db: Db) {
  return {
    async issue(challenge: string, binding: ChallengeBinding, now = new Date()): Promise<void> {
      await db.insert(passkeyChallenges).values({
        challenge,
        purpose: binding.purpose,
        sessionId: binding.sessionId ?? null,
        action: binding.action ?? null,
        expiresAt: new Date(now.getTime() + challengeLifetimeMs),
      })
    },

    /**
     * Takes the challenge if it was issued for exactly this binding and has not expired; refuses otherwise, in
     * words that tell the member to start again. A challenge answered for another purpose, session or action is
     * left as it is.
     */
    async take(challenge: string, binding: ChallengeBinding, now = new Date()): Promise<void> {
      const matches: SQL[] = [
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, binding.purpose),
        gt(passkeyChallenges.expiresAt, now),
        binding.sessionId === undefined
          ? isNull(passkeyChallenges.sessionId)
          : eq(passkeyChallenges.sessionId, binding.sessionId),
        binding.action === undefined
          ? isNull(passkeyChallenges.action)
          : eq(passkeyChallenges.action, binding.action),
      ]
      const [taken] = await db
        .delete(passkeyChallenges)
        .where(and(...matches))
        .returning({ challenge: passkeyChallenges.challenge })
      if (!taken) throw challengeRefused(binding.purpose)
    },
  }
}

export type PasskeyChallengeStore = ReturnType<typeof passkeyChallengeStore>

const challengeRefused = (purpose: ChallengePurpose) =>
  new LoginError('invalid_credentials', {
    message:
      purpose === 'proof'
        ? 'This passkey confirmation is not for this request, has expired, or was used already. Confirm with your passkey again.'
        : purpose === 'link'
          ? 'This passkey request has expired, or was used already. Add the passkey again.'
          : 'This passkey sign-in has expired, or was used already. Sign in with your passkey again.',
  })
