import { LoginError } from '@charter/core'
import { createChallenge, verifySolution } from 'altcha-lib/v1'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { usedCodeChallenges } from '../db/schema.ts'
import { hmacHex } from '../members/digests.ts'

/**
 * An ALTCHA proof-of-work challenge (https://altcha.org): find the `number` up to `maxnumber` for which
 * SHA-256(`salt` + number) is `challenge`. `signature` is the server's HMAC of `challenge`, so the server keeps
 * nothing until a solution comes back.
 */
export type CodeChallenge = {
  algorithm: 'SHA-256'
  challenge: string
  maxnumber: number
  salt: string
  signature: string
}

/** How long a challenge may take to be solved and sent back. */
export const codeChallengeLifetimeSeconds = 300

/** A solution as ALTCHA's widget sends it: its payload as JSON, in base64. */
const solutionSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().min(0),
  salt: z.string().min(1).max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
})

/** `invalid_captcha` (none sent) or `captcha_failure` (not good), with a fresh challenge to solve. */
export class ChallengeError extends LoginError {
  readonly challenge: CodeChallenge

  constructor(code: 'invalid_captcha' | 'captcha_failure', message: string, challenge: CodeChallenge) {
    super(code, { message })
    this.challenge = challenge
  }
}

function parseSolution(token: string) {
  try {
    return solutionSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).data
  } catch {
    return undefined
  }
}

/**
 * Proof-of-work challenges: what an address that has had its allowance of codes asks of the next client that
 * wants one. Solving costs that client CPU time (`maxNumber` / 2 hashes on average); a member's browser pays it
 * once, a flooder for every code. Each solution is good once: used ones are kept in the database, which every
 * replica shares.
 */
export function codeChallenges(options: { db: Db; secret: string; maxNumber: number }) {
  const { db, maxNumber } = options
  const hmacKey = hmacHex(options.secret, 'code-challenge')

  async function issue(now = new Date()): Promise<CodeChallenge> {
    const made = await createChallenge({
      hmacKey,
      maxNumber,
      expires: new Date(now.getTime() + codeChallengeLifetimeSeconds * 1000),
    })
    return {
      algorithm: 'SHA-256',
      challenge: made.challenge,
      maxnumber: made.maxnumber ?? maxNumber,
      salt: made.salt,
      signature: made.signature,
    }
  }

  return {
    /** A fresh challenge, for a client that knows it will need one (`GET /api/v1/code_challenge`). */
    issue: () => issue(),

    /** Refuses the send with a challenge to solve first. */
    async require(message: string): Promise<never> {
      throw new ChallengeError('invalid_captcha', message, await issue())
    },

    /** Accepts a solution once; a wrong, expired or used one is refused with a fresh challenge. */
    async redeem(token: string, now = new Date()): Promise<void> {
      const solution = parseSolution(token)
      const expires = Number(new URLSearchParams(solution?.salt.split('?')[1] ?? '').get('expires'))
      // Our challenges always carry their expiry in the salt; the signature covers it.
      const good =
        solution !== undefined &&
        Number.isInteger(expires) &&
        expires * 1000 > now.getTime() &&
        (await verifySolution(solution, hmacKey, true))
      if (good) {
        const [fresh] = await db
          .insert(usedCodeChallenges)
          .values({ challenge: solution.challenge, expiresAt: new Date(expires * 1000) })
          .onConflictDoNothing()
          .returning({ challenge: usedCodeChallenges.challenge })
        if (fresh) return
      }
      throw new ChallengeError(
        'captcha_failure',
        good
          ? 'This browser check was already used. Solve the new one and try again.'
          : 'This browser check is not right or has expired. Solve the new one and try again.',
        await issue(now),
      )
    },
  }
}

export type CodeChallenges = ReturnType<typeof codeChallenges>
