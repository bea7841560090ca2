import { randomUUID } from 'node:crypto'
import { asc, count, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { sponsorKeys } from '../db/schema.ts'
import type { KeyVault, SealedKey } from '../wallets/KeyVault.ts'
import { type ChainType, generateWalletKey } from '../wallets/walletKeys.ts'

/** One of the sponsor's keys as its table holds it: the address in the clear, the key sealed. */
export type SponsorKeyRow = typeof sponsorKeys.$inferSelect

const chainTypes: readonly ChainType[] = ['ethereum', 'solana']

/**
 * Who a sponsor key belongs to, for the vault's associated data: a sealed key copied from a member's row, or from
 * another sponsor row, does not open as this one.
 */
const ownerOf = (id: string) => ({ walletId: id, userId: 'sponsor' })

const sealedOf = (row: SponsorKeyRow): SealedKey => ({
  ciphertext: row.sealedKey,
  wrappedDataKey: row.wrappedDataKey,
  masterKeyId: row.masterKeyId,
})

/**
 * The sponsor's two keys, made on the first start and read on every later one. A key is written only where its
 * kind has none made under the vault's current master key (a unique constraint), then read back: two server
 * processes starting at once on one database both end up with the one that was written first, and the key that
 * lost is wiped, never kept. A key this vault can open is used whichever master key wraps it now (a rotation
 * keeps the sponsor's address). Production, whose replicas share one master key, never makes a second key of a
 * kind: a replica that cannot open the one there is uses it anyway, fails to sign with it, and counts it among the
 * keys it cannot open. Only embedded mode, where test servers share a database each with its own master key,
 * makes one per master key.
 */
export async function ensureSponsorKeys(
  db: Db,
  vault: KeyVault,
  options: { oneKeyPerKind: boolean },
): Promise<Record<ChainType, SponsorKeyRow>> {
  const usable = (rows: SponsorKeyRow[], chainType: ChainType) => {
    const ofKind = rows.filter((row) => row.chainType === chainType)
    return (
      ofKind.find((row) => vault.hasMasterKey(row.masterKeyId)) ??
      (options.oneKeyPerKind ? ofKind[0] : undefined)
    )
  }
  const read = () => db.select().from(sponsorKeys).orderBy(asc(sponsorKeys.createdAt), asc(sponsorKeys.id))
  const existing = await read()
  for (const chainType of chainTypes) {
    if (usable(existing, chainType)) continue
    const id = `sponsor-${chainType}-${randomUUID()}`
    const key = generateWalletKey(chainType)
    try {
      const sealed = vault.seal(key.privateKey, ownerOf(id))
      await db
        .insert(sponsorKeys)
        .values({
          id,
          chainType,
          address: key.address,
          sealedKey: sealed.ciphertext,
          wrappedDataKey: sealed.wrappedDataKey,
          masterKeyId: sealed.masterKeyId,
          createdUnder: vault.currentMasterKeyId,
        })
        .onConflictDoNothing({ target: [sponsorKeys.chainType, sponsorKeys.createdUnder] })
    } finally {
      key.privateKey.fill(0)
    }
  }
  const rows = await read()
  const ethereum = usable(rows, 'ethereum')
  const solana = usable(rows, 'solana')
  if (!ethereum || !solana) throw new Error('The sponsor’s keys could not be kept.')
  return { ethereum, solana }
}

/** Opens one of the sponsor's keys for one signature and wipes it after, whatever happens. */
export async function withSponsorKey<T>(
  vault: KeyVault,
  row: SponsorKeyRow,
  use: (privateKey: Buffer) => Promise<T> | T,
): Promise<T> {
  const privateKey = vault.open(sealedOf(row), ownerOf(row.id))
  try {
    return await use(privateKey)
  } finally {
    privateKey.fill(0)
  }
}

/**
 * Re-wraps the sponsor's keys under the vault's current master key (`npm run rewrap-wallet-keys`), each only if
 * its row has not changed since it was read; answers how many moved.
 */
export async function rewrapSponsorKeys(db: Db, vault: KeyVault): Promise<number> {
  const previous = vault.previousMasterKeyIds
  if (previous.length === 0) return 0
  const rows = await db.select().from(sponsorKeys).where(inArray(sponsorKeys.masterKeyId, previous))
  let moved = 0
  for (const row of rows) {
    const next = vault.rewrap(sealedOf(row), row.id)
    const updated = await db
      .update(sponsorKeys)
      .set({ wrappedDataKey: next.wrappedDataKey, masterKeyId: next.masterKeyId })
      .where(eq(sponsorKeys.wrappedDataKey, row.wrappedDataKey))
      .returning({ id: sponsorKeys.id })
    moved += updated.length
  }
  return moved
}

/** How many sponsor keys are under another master key than the vault's current one. */
export async function sponsorKeysNotUnder(db: Db, masterKeyId: string): Promise<number> {
  const [left] = await db
    .select({ n: count() })
    .from(sponsorKeys)
    .where(ne(sponsorKeys.masterKeyId, masterKeyId))
  return left?.n ?? 0
}
