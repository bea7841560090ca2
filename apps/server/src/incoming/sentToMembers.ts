import { and, eq, gt, inArray, isNotNull, ne, notExists, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { incomingReceipts, sends, wallets } from '../db/schema.ts'
import type { PolledWallet } from './polledWallets.ts'

/** A member's confirmed native send to another member's wallet, not yet a receipt. */
type SentToMember = { hash: string; from: string; to: string; value: bigint; blockNumber: bigint }

/** How far back the send records are looked through: a receipt older than this was found long ago. */
const lookBackDays = 7

/**
 * Native coin sent through Charter to the wallets on EVM chain `chainId`: confirmed sends with a value whose
 * recipient is one of them and that no receipt records yet. This is how native coin between members is found
 * on production chains, where reading every block's transactions would cost a block per block.
 */
export async function sentToMembers(
  db: Db,
  chainId: string,
  recipients: readonly PolledWallet[],
): Promise<SentToMember[]> {
  if (recipients.length === 0) return []
  const rows = await db
    .select({
      hash: sends.hash,
      from: wallets.address,
      to: sends.toAddress,
      value: sends.value,
      blockNumber: sends.blockNumber,
    })
    .from(sends)
    .innerJoin(wallets, eq(wallets.id, sends.walletId))
    .where(
      and(
        eq(sends.caip2, `eip155:${chainId}`),
        eq(sends.status, 'confirmed'),
        ne(sends.value, '0'),
        isNotNull(sends.blockNumber),
        gt(sends.updatedAt, sql`now() - make_interval(days => ${lookBackDays})`),
        inArray(
          sql`lower(${sends.toAddress})`,
          recipients.map((wallet) => wallet.address.toLowerCase()),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(incomingReceipts)
            .where(
              and(
                eq(incomingReceipts.chainId, chainId),
                eq(incomingReceipts.txHash, sends.hash),
                eq(incomingReceipts.position, 'native'),
              ),
            ),
        ),
      ),
    )
  return rows.flatMap((row) =>
    row.blockNumber === null
      ? []
      : [
          {
            hash: row.hash,
            from: row.from,
            to: row.to,
            value: BigInt(row.value),
            blockNumber: BigInt(row.blockNumber),
          },
        ],
  )
}
