import { and, eq } from 'drizzle-orm'
import type { Chains } from '../../../chains/Chains.ts'
import type { Db } from '../../../db/Database.ts'
import { sends } from '../../../db/schema.ts'
import { ChainRpcError } from '../ChainRpcError.ts'
import { type ChainRpc, chainRpc } from '../chainRpc.ts'
import { neverBroadcast } from './allocateNonce.ts'
import { leaseMs } from './nonceLease.ts'

type SendRow = typeof sends.$inferSelect

/** A broadcast send the node no longer knows, after this long and refused when broadcast again, was dropped. */
const droppedAfterMs = 10 * 60_000
/**
 * A broadcast send the node does not know this long after its broadcast is broadcast again: not sooner, since a
 * node behind a load balancer may take a moment to see what another one took.
 */
const rebroadcastAfterMs = 60_000
/** What a node answers a transaction it has already, or one whose nonce is already used: both fine to hear again. */
const alreadyHandled = /already known|known transaction|already imported|nonce too low/i

/**
 * Follows a pending EVM send one step: its receipt makes it `confirmed` (block) or `failed` (reverted); its nonce
 * used by another transaction makes it `failed` (replaced); unknown to the node long after broadcast, `failed`
 * (dropped). A node that cannot be reached leaves it pending, to be read again.
 *
 * A send recorded and never noted as broadcast is followed too once its lease has run out (its server stopped,
 * before or after the node took it): by its hash if the node has it; `interrupted`, never sent, if it has not.
 */
export async function refreshEvmSend(
  db: Db,
  chains: Chains,
  row: SendRow,
  address: string,
): Promise<SendRow> {
  if (row.status !== 'pending' || row.nonce === null) return row
  // Its server may still be between recording and broadcasting it.
  if (row.broadcastAt === null && Date.now() - row.createdAt.getTime() < leaseMs) return row
  const chain = chains.find(String(row.chainId))
  if (!chain) return row
  const rpc = chainRpc(chain.rpcUrl)
  const minedChange = async (): Promise<Partial<SendRow> | undefined> => {
    const receipt = await rpc<{ status?: string; blockNumber?: string } | null>('eth_getTransactionReceipt', [
      row.hash,
    ])
    if (!receipt?.blockNumber) return undefined
    const blockNumber = BigInt(receipt.blockNumber).toString()
    return receipt.status === '0x1'
      ? { status: 'confirmed', blockNumber }
      : {
          status: 'failed',
          reason: await revertedBecause(rpc, row.hash, BigInt(receipt.blockNumber)),
          blockNumber,
        }
  }
  let change: Partial<SendRow> | undefined
  try {
    change = await minedChange()
    if (!change) {
      // A sponsored send's nonce is its fee payer's (the sponsor's), not the wallet's.
      const sender = row.feePayer ?? address
      const mined = BigInt(await rpc<string>('eth_getTransactionCount', [sender, 'latest']))
      if (mined > BigInt(row.nonce)) {
        // The nonce is used; by this send if its block came between the two reads, which its receipt now shows.
        change = (await minedChange()) ?? {
          status: 'failed',
          reason: `replaced: another transaction used nonce ${row.nonce}`,
        }
      } else if (row.broadcastAt === null) {
        // Not noted as broadcast: the node's knowing it says whether it went out before its server stopped.
        const known = await rpc<unknown>('eth_getTransactionByHash', [row.hash])
        change =
          known === null ? { status: 'interrupted', reason: neverBroadcast } : { broadcastAt: new Date() }
      } else if (Date.now() - row.broadcastAt.getTime() > rebroadcastAfterMs) {
        const known = await rpc<unknown>('eth_getTransactionByHash', [row.hash])
        if (known === null) change = await broadcastAgain(rpc, row, row.broadcastAt)
      }
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

/**
 * A send the node lost (evicted from its pool, a node restarted) is broadcast again from its recorded signed bytes
 * before it is ever called dropped: the same transaction, so it cannot be sent twice. This matters most for a
 * sponsored send, whose nonce is the sponsor's: one lost transaction would otherwise stall every member's sponsored
 * sends behind it. Taken again (or already known, or its nonce already used: the next read says by what), it stays
 * pending; refused for another reason long after its broadcast, it was dropped, in the node's words.
 */
async function broadcastAgain(
  rpc: ChainRpc,
  row: SendRow,
  broadcastAt: Date,
): Promise<Partial<SendRow> | undefined> {
  try {
    await rpc('eth_sendRawTransaction', [row.signedTransaction])
    return undefined
  } catch (error) {
    if (!(error instanceof ChainRpcError)) throw error
    if (alreadyHandled.test(error.message)) return undefined
    if (Date.now() - broadcastAt.getTime() <= droppedAfterMs) return undefined
    return {
      status: 'failed',
      reason: `dropped: the node no longer has it and refused it again: ${error.message}`,
    }
  }
}

/**
 * Why a mined transaction reverted, in the contract's words when the node gives them: `reverted: <reason>` (e.g.
 * "reverted: FiatTokenV2: authorization is expired" for a sponsored transfer), read by running it again on the state
 * before its block; just `reverted` when the node says nothing more, or cannot be asked.
 */
async function revertedBecause(rpc: ChainRpc, hash: string, blockNumber: bigint): Promise<string> {
  try {
    const sent = await rpc<{
      from: string
      to: string | null
      input: string
      value: string
      gas: string
    } | null>('eth_getTransactionByHash', [hash])
    if (!sent?.to) return 'reverted'
    const before = `0x${(blockNumber > 0n ? blockNumber - 1n : 0n).toString(16)}`
    await rpc('eth_call', [
      { from: sent.from, to: sent.to, data: sent.input, value: sent.value, gas: sent.gas },
      before,
    ])
    return 'reverted'
  } catch (error) {
    if (!(error instanceof ChainRpcError)) return 'reverted'
    const reason = error.message.replace(/^execution reverted:?\s*/i, '').trim()
    return reason && reason !== error.message ? `reverted: ${reason}` : 'reverted'
  }
}
