import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { organizationMembers, users } from '../db/schema.ts'
import { colleaguesOf } from './colleagues.ts'
import { OrganizationError } from './OrganizationError.ts'
import { labels } from './organizationViews.ts'

/** The longest name a member may go by, in characters; the web's name field counts toward the same figure. */
export const displayNameMaxLength = 80

// Control and format characters (the marks that reorder text, zero-width ones, tags) and line separators: a name
// must read as it is written, so "Ana" cannot be made to show as someone else's name in a list.
const hidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
// The separator the send form and Activity put between a name and its organisations ("Ana Lopez · Acme Co-op"):
// inside a name it would make up an organisation.
const separators = /[·•]/u
// What colleagues are shown instead of a name, or read as an address: a name must not pass for one.
const phoneLike = /^[+\d\s().-]*$/u
const addressLike = /^(0x[0-9a-f]{8,}|(?=.*\d)[1-9A-HJ-NP-Za-km-z]{32,44})$/iu

/**
 * A name as a member's colleagues will see it: trimmed, 1 to 80 characters, nothing invisible in it, no "·" that
 * would make up an organisation, and nothing that reads as a phone number or an address (what colleagues see of
 * someone without a name). Refused with words that say what to change.
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
  if (separators.test(name)) {
    throw new OrganizationError(
      'invalid_data',
      'display_name: leave out “·” and “•”: they separate a name from its organisation.',
    )
  }
  if (phoneLike.test(name) || addressLike.test(name)) {
    throw new OrganizationError(
      'invalid_data',
      'display_name: enter a name, not a phone number or an address.',
    )
  }
  return name
}

/** The name the member gave, or null when they gave none. */
export async function displayNameOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, userId))
  return row?.name ?? null
}

/** Two names that read the same: the same letters once compatibility forms, case and spacing are set aside. */
const folded = (name: string) => name.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim()

/**
 * Refuses a name (already checked) a colleague already goes by, or goes by as their phone number or email, or that
 * a current member of `joining` does (the organisation the member is about to join): two people alike in the send
 * form's list would let one be paid for the other. Called before the change it comes with, so a refusal leaves
 * nothing half done.
 */
export async function assertNameFree(db: Db, userId: string, name: string, joining?: string): Promise<void> {
  const others = (await colleaguesOf(db, userId)).map((colleague) => colleague.label)
  if (joining !== undefined) {
    const members = await db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, joining), isNull(organizationMembers.removedAt)))
    const ids = members.map((member) => member.userId).filter((id) => id !== userId)
    others.push(...(await labels(db, ids)).values())
  }
  if (others.some((label) => folded(label) === folded(name))) {
    throw new OrganizationError(
      'invalid_data',
      'display_name: a colleague already goes by that name; add an initial or a surname so they can tell you apart.',
    )
  }
}

/** Sets the member's own name (already checked), unless a colleague goes by it (`assertNameFree`). */
export async function setDisplayName(db: Db, userId: string, name: string): Promise<void> {
  await assertNameFree(db, userId, name)
  await db.update(users).set({ displayName: name }).where(eq(users.id, userId))
}
