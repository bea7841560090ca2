import { and, eq, gte, isNull } from 'drizzle-orm'
import type { Db } from '../../../db/Database.ts'
import { sends } from '../../../db/schema.ts'
import type { ChainRpc } from '../chainRpc.ts'

/** Why a send recorded and never broadcast is `interrupted`. */
export const neverBroadcast =
  'the server stopped after recording this send and before broadcasting it; it was never sent'

/**
 * The nonce of the wallet's next transaction on a chain; call it holding the (wallet, chain) lease. It starts from
 * the chain's pending nonce and skips only nonces of sends still pending, so a nonce whose broadcast failed is
 * taken again and no gap is left. A send recorded and never broadcast (its server stopped in between: nobody
 * holds the lease) is marked `interrupted` and its nonce reused; its signed transaction is never sent.
 */
export async function allocateNonce(
  db: Db,
  rpc: ChainRpc,
  wallet: { id: string; address: string },
  chainId: number,
): Promise<number> {
  const chainNext = Number(BigInt(await rpc<string>('eth_getTransactionCount', [wallet.address, 'pending'])))
  const mine = and(eq(sends.walletId, wallet.id), eq(sends.chainId, chainId), eq(sends.status, 'pending'))
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
