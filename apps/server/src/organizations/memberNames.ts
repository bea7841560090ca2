import { eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { users } from '../db/schema.ts'
import { OrganizationError } from './OrganizationError.ts'

/** The longest name a member may go by, in characters; the web's name field counts toward the same figure. */
export const displayNameMaxLength = 80

// Control characters, and the marks that reorder text around them: a name must read as it is written, so
// "Ana" cannot be made to show as someone else's name in a list.
const hidden = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u

/**
 * A name as a member's colleagues will see it: trimmed, 1 to 80 characters, nothing invisible in it. Refused
 * with words that say what to change.
 */
export function checkDisplayName(input: string): string {
  const name = input.trim()
  if (name === '') throw new OrganizationError('invalid_data', 'display_name: enter the name you go by.')
  if (hidden.test(name)) {
    throw new OrganizationError(
      'invalid_data',
      'display_name: use letters, digits, spaces and punctuation only (no line breaks or hidden characters).',
    )
  }
  const length = [...name].length
  if (length > displayNameMaxLength) {
    throw new OrganizationError(
      'invalid_data',
      `display_name: shorten it to ${displayNameMaxLength} characters (it has ${length}).`,
    )
  }
  return name
}

/** The name the member gave, or null when they gave none. */
export async function displayNameOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, userId))
  return row?.name ?? null
}

/** Sets the member's own name (already checked). */
export async function setDisplayName(db: Db, userId: string, name: string): Promise<void> {
  await db.update(users).set({ displayName: name }).where(eq(users.id, userId))
}
