import { and, count, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { wallets } from '../db/schema.ts'
import type { KeyVault } from './KeyVault.ts'

/**
 * Re-wraps every wallet's data key under the vault's current master key, one wallet at a time, each only if
 * its row has not changed since it was read. Servers that know both the old and the new master key read every
 * wallet throughout, so there is no downtime; when this answers, the old key can be retired.
 */
export async function rewrapWalletKeys(
  db: Db,
  vault: KeyVault,
  batchSize = 200,
): Promise<{ moved: number; underUnknownKeys: number }> {
  let moved = 0
  const previous = vault.previousMasterKeyIds
  for (;;) {
    if (previous.length === 0) break
    const batch = await db
      .select({
        id: wallets.id,
        sealedKey: wallets.sealedKey,
        wrappedDataKey: wallets.wrappedDataKey,
        masterKeyId: wallets.masterKeyId,
      })
      .from(wallets)
      .where(inArray(wallets.masterKeyId, previous))
      .limit(batchSize)
    if (batch.length === 0) break
    for (const row of batch) {
      const next = vault.rewrap(
        { ciphertext: row.sealedKey, wrappedDataKey: row.wrappedDataKey, masterKeyId: row.masterKeyId },
        row.id,
      )
      const updated = await db
        .update(wallets)
        .set({ wrappedDataKey: next.wrappedDataKey, masterKeyId: next.masterKeyId })
        .where(and(eq(wallets.id, row.id), eq(wallets.wrappedDataKey, row.wrappedDataKey)))
        .returning({ id: wallets.id })
      moved += updated.length
    }
  }
  // Wallets under a key this vault does not know stay as they are; the operator is told how many.
  const [left] = await db
    .select({ n: count() })
    .from(wallets)
    .where(ne(wallets.masterKeyId, vault.currentMasterKeyId))
  return { moved, underUnknownKeys: left?.n ?? 0 }
}
