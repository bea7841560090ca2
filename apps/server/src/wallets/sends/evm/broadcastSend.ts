import { createHash, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Hex, keccak256 } from 'viem'
import type { Db } from '../../../db/Database.ts'
import { isUniqueViolation } from '../../../db/isUniqueViolation.ts'
import { sends } from '../../../db/schema.ts'
import { WalletApiError } from '../../../http/WalletApiError.ts'
import { ChainRpcError } from '../ChainRpcError.ts'
import type { ChainRpc } from '../chainRpc.ts'
import { allocateNonce } from './allocateNonce.ts'
import { withNonceLease } from './nonceLease.ts'

/** SHA-256 of a transaction's calldata, as a send records it (hex, any case, is the same bytes). */
export const dataDigest = (data: string): string =>
  createHash('sha256').update(data.toLowerCase()).digest('hex')

/** What a send records beside its nonce and signed transaction. */
export type SendToRecord = {
  userId: string
  wallet: { id: string; address: string }
  chainId: number
  /** `privy-idempotency-key`: one send per wallet and key. */
  idempotencyKey: string
  to: Hex
  value: bigint
  data: Hex | undefined
  /** A USDC transfer's real recipient and amount. */
  token: { to: Hex; amount: bigint } | undefined
  /**
   * Who signs the transaction and pays its fee when it is not the wallet: the sponsor's address (checksummed), for
   * a sponsored send. Its nonce is then the fee payer's, under the fee payer's lease; the send stays the wallet's.
   */
  feePayer?: string | undefined
}

/**
 * Under the lease of whoever pays the fee on that chain (the wallet, or the sponsor: `send.feePayer`): chooses the nonce, has `sign` sign the transaction with it, records the send
 * (pending, not yet broadcast) and only then broadcasts it. A transaction the node refuses is marked `failed`
 * with the node's words, and its nonce is the next send's; a broadcast without an answer stays pending, followed
 * by its hash, since the node may have it.
 */
export async function broadcastSend(
  db: Db,
  rpc: ChainRpc,
  send: SendToRecord,
  sign: (nonce: number) => Promise<Hex>,
): Promise<{ id: string; hash: Hex; nonce: number }> {
  const { wallet, chainId, feePayer } = send
  const leaseKey = feePayer === undefined ? { walletId: wallet.id, chainId } : { feePayer, chainId }
  return withNonceLease(db, leaseKey, async (lease) => {
    const nonce = await allocateNonce(db, rpc, { wallet, feePayer }, chainId)
    const signed = await sign(nonce)
    const hash = keccak256(signed)
    const id = randomUUID()
    try {
      // Recorded before it is broadcast: a crash from here on cannot lose it, nor send it twice.
      await db.insert(sends).values({
        id,
        userId: send.userId,
        walletId: wallet.id,
        idempotencyKey: send.idempotencyKey,
        caip2: `eip155:${chainId}`,
        chainId,
        nonce,
        toAddress: send.to,
        value: send.value.toString(),
        dataDigest: send.data ? dataDigest(send.data) : null,
        tokenTo: send.token?.to ?? null,
        tokenAmount: send.token?.amount.toString() ?? null,
        signedTransaction: signed,
        feePayer: feePayer ?? null,
        hash,
        status: 'pending',
      })
    } catch (error) {
      if (isUniqueViolation(error, 'sends_wallet_idempotency_key')) {
        throw new WalletApiError(-32600, 409, 'A send with this idempotency key is already being handled.')
      }
      throw error
    }
    await lease.setNextNonce(nonce + 1)
    try {
      await rpc('eth_sendRawTransaction', [signed])
    } catch (error) {
      if (error instanceof ChainRpcError) {
        // The node refused it: it was never sent, and its nonce is free again.
        await db
          .update(sends)
          .set({
            status: 'failed',
            reason: `refused by the node: ${error.message}`,
            idempotencyKey: null,
            updatedAt: new Date(),
          })
          .where(eq(sends.id, id))
        throw new WalletApiError(
          -32000,
          400,
          `The node refused the transaction: ${error.message}. Nothing was sent.`,
        )
      }
      // No answer: the node may have it. The send stays pending, followed by its hash; a retry answers it.
      await db.update(sends).set({ broadcastAt: new Date(), updatedAt: new Date() }).where(eq(sends.id, id))
      throw new WalletApiError(
        -32603,
        502,
        `The node did not answer the broadcast (${(error as Error).message}). The send ${hash} may still go through: retry with the same idempotency key to follow it, never with a new one.`,
      )
    }
    await db.update(sends).set({ broadcastAt: new Date(), updatedAt: new Date() }).where(eq(sends.id, id))
    return { id, hash, nonce }
  })
}
