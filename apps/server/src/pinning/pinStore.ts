import { eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { pinnedBlocks, pins } from '../db/schema.ts'
import type { CidVersion, ImportedDocument } from './importDocument.ts'

/** A pinned document as the gateway serves it. */
export type StoredPin = { cid: string; size: number; content: Uint8Array; createdAt: Date }

/**
 * Stores every block of a document and its pin record in one transaction, committed before it returns: a pin
 * acknowledged is a pin kept. Pinning the same bytes again changes nothing and says so (`isDuplicate`), with the
 * time of the first pin.
 */
export async function savePin(
  db: Db,
  imported: ImportedDocument,
  content: Uint8Array,
  cidVersion: CidVersion,
): Promise<{ isDuplicate: boolean; createdAt: Date }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(pinnedBlocks)
      .values(imported.blocks.map((block) => ({ cid: block.cid, bytes: block.bytes })))
      .onConflictDoNothing()
    const [inserted] = await tx
      .insert(pins)
      .values({ cid: imported.cid, cidVersion, size: imported.size, content })
      .onConflictDoNothing()
      .returning({ createdAt: pins.createdAt })
    if (inserted) return { isDuplicate: false, createdAt: inserted.createdAt }
    const [first] = await tx
      .select({ createdAt: pins.createdAt })
      .from(pins)
      .where(eq(pins.cid, imported.cid))
    return { isDuplicate: true, createdAt: first?.createdAt ?? new Date() }
  })
}

/** The pinned document whose root is `cid` (as its canonical text), if any. */
export async function readPin(db: Db, cid: string): Promise<StoredPin | undefined> {
  const [row] = await db
    .select({ cid: pins.cid, size: pins.size, content: pins.content, createdAt: pins.createdAt })
    .from(pins)
    .where(eq(pins.cid, cid))
  return row
}

/** The block `cid` (as its canonical text), if any pinned document has it. */
export async function readBlock(db: Db, cid: string): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ bytes: pinnedBlocks.bytes })
    .from(pinnedBlocks)
    .where(eq(pinnedBlocks.cid, cid))
  return row?.bytes
}
