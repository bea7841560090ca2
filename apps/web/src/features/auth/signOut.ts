import { postJson } from '../../lib/api.ts'

/** Ends the session on the server and clears its cookie. */
export async function signOut(): Promise<void> {
  await postJson<{ success: true }>('/api/v1/sessions/logout')
}
