import { and, eq } from 'drizzle-orm'
import type { Chains } from '../../../chains/Chains.ts'
import type { Db } from '../../../db/Database.ts'
import { sends } from '../../../db/schema.ts'
import { chainRpc } from '../chainRpc.ts'
import { findSolanaChain } from './solanaChains.ts'

type SendRow = typeof sends.$inferSelect

type SignatureStatus = {
  slot: number | string
  err: unknown
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null
} | null

/**
 * Follows a pending Solana send one step, by its signature: landed and confirmed, it is `confirmed` (its slot as
 * the block) or `failed` with the chain's error; unknown once the chain's block height has passed its blockhash's
 * last valid one, it never can land: `failed` (dropped) if it was broadcast, `interrupted` if it never was. A node
 * that cannot be reached leaves it pending, to be read again.
 */
export async function refreshSolanaSend(db: Db, chains: Chains, row: SendRow): Promise<SendRow> {
  if (row.status !== 'pending') return row
  const { chain } = findSolanaChain(chains, row.caip2)
  if (!chain) return row
  const rpc = chainRpc(chain.rpcUrl)
  let change: Partial<SendRow> | undefined
  try {
    // The height before the status: once it is past the last valid one, a status read after it is final.
    const height = BigInt(await rpc<number | string>('getBlockHeight', [{ commitment: 'confirmed' }]))
    const statuses = await rpc<{ value: SignatureStatus[] }>('getSignatureStatuses', [
      [row.hash],
      { searchTransactionHistory: true },
    ])
    const status = statuses.value[0] ?? null
    if (status !== null) {
      if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') {
        const blockNumber = BigInt(status.slot).toString()
        change =
          status.err === null
            ? { status: 'confirmed', blockNumber }
            : { status: 'failed', reason: `failed on chain: ${JSON.stringify(status.err)}`, blockNumber }
        if (row.broadcastAt === null) change.broadcastAt = new Date()
      }
    } else if (row.lastValidBlockHeight !== null && height > BigInt(row.lastValidBlockHeight)) {
      change =
        row.broadcastAt === null
          ? {
              status: 'interrupted',
              reason:
                'the server stopped after recording this send and before broadcasting it, and its blockhash has expired: it was never sent',
            }
          : { status: 'failed', reason: 'dropped: blockhash expired' }
    }
  } catch {
    return row
  }
  if (!change) return row
  const [updated] = await db
    .update(sends)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(sends.id, row.id), eq(sends.status, 'pending')))
    .returning()
  return updated ?? row
}
