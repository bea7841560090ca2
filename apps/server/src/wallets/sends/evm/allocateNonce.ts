import { and, eq, gte, isNull } from 'drizzle-orm'
import type { Db } from '../../../db/Database.ts'
import { sends } from '../../../db/schema.ts'
import type { ChainRpc } from '../chainRpc.ts'

/** Why a send recorded and never broadcast is `interrupted`. */
export const neverBroadcast =
  'the server stopped after recording this send and before broadcasting it; it was never sent'

/**
 * Whose nonce sequence a send takes: the wallet's own (`feePayer` absent: the wallet pays its fee), or its fee
 * payer's (a sponsored send: the sponsor's address, checksummed as sends record it, shared by every member's
 * sponsored sends on the chain).
 */
export type NonceOwner = { wallet: { id: string; address: string }; feePayer?: string | undefined }

/** The sends whose nonces are `owner`'s sequence on `chainId`: a wallet's own, or every send its fee payer paid. */
const nonceSequence = (owner: NonceOwner, chainId: number) =>
  owner.feePayer === undefined
    ? and(eq(sends.walletId, owner.wallet.id), eq(sends.chainId, chainId), isNull(sends.feePayer))
    : and(eq(sends.feePayer, owner.feePayer), eq(sends.chainId, chainId))

/**
 * The nonce of the owner's next transaction on a chain (the wallet's, or its fee payer's: `NonceOwner`); call it
 * holding that owner's lease (nonceLease.ts). It starts from
 * the chain's pending nonce and skips only nonces of sends still pending, so a nonce whose broadcast failed is
 * taken again and no gap is left. A send recorded and never broadcast (its server stopped in between: nobody
 * holds the lease) is marked `interrupted` and its nonce reused; its signed transaction is never sent.
 */
export async function allocateNonce(
  db: Db,
  rpc: ChainRpc,
  owner: NonceOwner,
  chainId: number,
): Promise<number> {
  const address = owner.feePayer ?? owner.wallet.address
  const chainNext = Number(BigInt(await rpc<string>('eth_getTransactionCount', [address, 'pending'])))
  const mine = and(nonceSequence(owner, chainId), eq(sends.status, 'pending'))
  await db
    .update(sends)
    .set({
      status: 'interrupted',
      reason: neverBroadcast,
      updatedAt: new Date(),
    })
    .where(and(mine, isNull(sends.broadcastAt), gte(sends.nonce, chainNext)))
  const taken = new Set(
    (
      await db
        .select({ nonce: sends.nonce })
        .from(sends)
        .where(and(mine, gte(sends.nonce, chainNext)))
    ).map((row) => row.nonce),
  )
  let nonce = chainNext
  while (taken.has(nonce)) nonce += 1
  return nonce
}
