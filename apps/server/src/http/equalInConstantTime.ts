import { timingSafeEqual } from 'node:crypto'

/**
 * Whether two byte strings are the same, in a time that does not depend on where they differ, so a refusal's
 * timing tells a guesser nothing about how close a secret came. Only a difference in length shows: the callers
 * compare digests, all of one length, and the dev outbox's token. Node's `timingSafeEqual` does the work in native
 * code; a loop in JavaScript would leave the timing to the engine's optimiser, which is why this is the server's.
 */
export function equalInConstantTime(left: Uint8Array, right: Uint8Array): boolean {
  return left.length === right.length && timingSafeEqual(left, right)
}
