import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { organizationMembers, organizations, wallets } from '../db/schema.ts'
import { labels } from './organizationViews.ts'

/** Someone who shares at least one organisation with the asker, as the asker may see them. */
export type Colleague = {
  user_id: string
  /** Their name, else their email or phone number (`labels`). */
  label: string
  /** The organisations the asker shares with them, by name, sorted. */
  organizations: string[]
  /** Their first embedded wallet's address on each kind of chain they have one on. */
  wallets: { ethereum?: string; solana?: string }
}

/** An organisation's name as a list beside a person shows it: its first 60 characters (a name may be long). */
const shortName = (name: string) => ([...name].length > 60 ? `${[...name].slice(0, 59).join('')}…` : name)

/**
 * The current members of the organisations `userId` currently belongs to, themself left out: who the send form
 * offers by name, and who a payment received is shown as coming from. Only memberships not removed count, on both
 * sides, so leaving an organisation ends what it showed.
 */
export async function colleaguesOf(db: Db, userId: string): Promise<Colleague[]> {
  const mine = db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), isNull(organizationMembers.removedAt)))
  const rows = await db
    .select({ userId: organizationMembers.userId, organization: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        inArray(organizationMembers.organizationId, mine),
        isNull(organizationMembers.removedAt),
        ne(organizationMembers.userId, userId),
      ),
    )
  if (rows.length === 0) return []
  const ids = [...new Set(rows.map((row) => row.userId))]
  const [names, walletRows] = await Promise.all([
    labels(db, ids),
    db
      .select({ userId: wallets.userId, chainType: wallets.chainType, address: wallets.address })
      .from(wallets)
      .where(and(inArray(wallets.userId, ids), eq(wallets.walletIndex, 0))),
  ])
  const byId = new Map<string, Colleague>()
  for (const id of ids) {
    byId.set(id, { user_id: id, label: names.get(id) ?? 'a member', organizations: [], wallets: {} })
  }
  for (const row of rows) byId.get(row.userId)?.organizations.push(row.organization)
  for (const row of walletRows) {
    const colleague = byId.get(row.userId)
    if (colleague) colleague.wallets[row.chainType] = row.address
  }
  for (const colleague of byId.values()) {
    colleague.organizations = [...new Set(colleague.organizations)].sort().map(shortName)
  }
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label))
}
