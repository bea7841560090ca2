import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/Database.ts'
import { sends } from '../../db/schema.ts'
import { WalletApiError } from '../../http/WalletApiError.ts'
import type { WalletMethodContext } from '../methods/WalletMethod.ts'

/**
 * What every send method does first: requires `privy-request-expiry` and `privy-idempotency-key` (so a retry can
 * never send twice), and finds the send already recorded under that key for this wallet, whichever process or
 * session recorded it. One that was interrupted before its broadcast is refused: it will never be sent.
 */
export async function earlierSend(
  db: Db,
  method: string,
  { wallet, request }: Pick<WalletMethodContext, 'wallet' | 'request'>,
): Promise<{ key: string; earlier: typeof sends.$inferSelect | undefined }> {
  const key = request.idempotencyKey
  if (key === undefined || request.expiry === undefined) {
    throw new WalletApiError(
      -32600,
      400,
      `${method} needs both privy-request-expiry and privy-idempotency-key headers, so that a retried request can never send twice.`,
    )
  }
  const [earlier] = await db
    .select()
    .from(sends)
    .where(and(eq(sends.walletId, wallet.id), eq(sends.idempotencyKey, key)))
  if (earlier?.status === 'interrupted') {
    throw new WalletApiError(
      -32000,
      409,
      `The send under this idempotency key was interrupted before it was broadcast and will never be sent (${earlier.reason}). Send again with a new key.`,
    )
  }
  return { key, earlier }
}
