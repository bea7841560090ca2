/**
 * The proof-of-work check the server asks for once an address has had its allowance of codes (an ALTCHA
 * challenge, docs/sign-in.md): find the number up to `maxnumber` for which SHA-256(salt + number) is
 * `challenge`. Loaded only when a check is asked for, so the sign-in page carries none of it.
 */
export type CodeChallenge = {
  algorithm: string
  challenge: string
  maxnumber: number
  salt: string
  signature: string
}

/** Digests hashed at once: WebCrypto answers each by a promise, so batches keep it busy without a worker. */
const batchSize = 2048

const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

function sameBytes(digest: ArrayBuffer, expected: Uint8Array) {
  const bytes = new Uint8Array(digest)
  if (bytes.length !== expected.length) return false
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== expected[i]) return false
  return true
}

/**
 * Solves the challenge and answers the solution as ALTCHA's widget sends it (its payload as JSON in base64),
 * or undefined when no number up to `maxnumber` fits (a challenge this browser cannot have been meant to get).
 */
export async function solveCodeChallenge(challenge: CodeChallenge): Promise<string | undefined> {
  if (challenge.algorithm !== 'SHA-256') return undefined
  const encoder = new TextEncoder()
  const expected = bytesOf(challenge.challenge)
  for (let start = 0; start <= challenge.maxnumber; start += batchSize) {
    const end = Math.min(start + batchSize, challenge.maxnumber + 1)
    const numbers = Array.from({ length: end - start }, (_, index) => start + index)
    const digests = await Promise.all(
      numbers.map((number) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${number}`))),
    )
    const found = digests.findIndex((digest) => sameBytes(digest, expected))
    if (found >= 0) {
      const { algorithm, salt, signature } = challenge
      const payload = { algorithm, challenge: challenge.challenge, number: start + found, salt, signature }
      return btoa(JSON.stringify(payload))
    }
  }
  return undefined
}
