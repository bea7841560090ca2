import { postJson } from '../../lib/api.ts'

export type SignOutOptions = {
  /** End every session of the user, on every device, not only this one. */
  everywhere?: boolean
}

/** Ends the session (or all of the user's sessions) on the server and clears this browser's cookie. */
export async function signOut(options: SignOutOptions = {}): Promise<void> {
  await postJson<{ success: true }>(
    '/api/v1/sessions/logout',
    options.everywhere ? { everywhere: true } : undefined,
  )
}
