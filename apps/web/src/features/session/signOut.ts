import { answerOf, api } from '../../lib/api.ts'

export type SignOutOptions = {
  /** End every session of the user, on every device, not only this one. */
  everywhere?: boolean
}

/** Ends the session (or all of the user's sessions) on the server and clears this browser's cookie. */
export async function signOut(options: SignOutOptions = {}): Promise<void> {
  // This device only goes with no body at all, which the server reads as `{}`; the client sends none for an
  // undefined `json`.
  const input = options.everywhere ? { json: { everywhere: true } } : { json: undefined as never }
  await answerOf(api.v1.sessions.logout.$post(input))
}
