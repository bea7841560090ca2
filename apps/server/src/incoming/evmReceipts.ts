import { shortenAddress } from '@charter/core'
import type { ServedChain } from '../chains/ServedChain.ts'
import type { Db } from '../db/Database.ts'
import { type ChainRpc, chainRpc } from '../wallets/sends/chainRpc.ts'
import type { PolledWallet } from './polledWallets.ts'
import type { ChainTuning } from './readerTuning.ts'
import {
  advanceCursors,
  cursorsOf,
  type FoundReceipt,
  receiptsAbove,
  recordReceipts,
  removeReceipts,
  type UnsafeReceipt,
} from './receiptStore.ts'
import { receivedSummary } from './receivedSummary.ts'
import { sentToMembers } from './sentToMembers.ts'
import { withoutTestFunds } from './testFunds.ts'

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 Transfer event's first topic. */
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** How many wallets one eth_getLogs names at once (its topic filter lists them). */
const walletsPerQuery = 50

type Log = {
  transactionHash: string
  logIndex: string
  blockNumber: string
  blockHash: string
  topics: string[]
  data: string
  removed?: boolean
}
type BlockWithTransactions = {
  hash: string
  number: string
  timestamp: string
  transactions: { hash: string; from: string; to: string | null; value: string }[]
}

const topicOf = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
const addressOfTopic = (topic: string) => `0x${topic.slice(-40)}`
const hex = (value: bigint) => `0x${value.toString(16)}`

/** Block times read in one pass, each block once. */
function blockTimes(rpc: ChainRpc) {
  const known = new Map<string, Promise<Date>>()
  return (blockNumber: bigint): Promise<Date> => {
    const key = blockNumber.toString()
    let time = known.get(key)
    if (!time) {
      time = rpc<{ timestamp: string } | null>('eth_getBlockByNumber', [hex(blockNumber), false]).then(
        (block) => (block ? new Date(Number(BigInt(block.timestamp)) * 1000) : new Date()),
      )
      known.set(key, time)
    }
    return time
  }
}

/**
 * One pass over an EVM chain for `wallets`: first the receipts still above the cursor are checked against the
 * chain (one whose transaction is gone, or now in another block, is removed: a reorg); then USDC `Transfer` logs
 * to the wallets from each wallet's cursor to the head, in ranges the RPC accepts, and native coin (from the
 * blocks' transactions on a local devnet, from Charter's send records everywhere); each receipt stored once;
 * the cursors moved to the head minus the chain's depth. Answers how many receipts were new.
 */
export async function readEvmChain(
  db: Db,
  chain: ServedChain,
  wallets: readonly PolledWallet[],
  tuning: ChainTuning,
): Promise<number> {
  if (wallets.length === 0) return 0
  const chainId = String(chain.info.id)
  const rpc = chainRpc(chain.rpcUrl)
  const timeOf = blockTimes(rpc)
  const head = BigInt(await rpc<string>('eth_blockNumber', []))
  const safeNext = head - tuning.depth + 1n > 0n ? head - tuning.depth + 1n : 0n
  const stored = await cursorsOf(
    db,
    chainId,
    wallets.map((wallet) => wallet.walletId),
  )
  const startOf = (wallet: PolledWallet) =>
    stored.get(wallet.walletId) ?? (tuning.startAtGenesis ? 0n : safeNext)

  // Receipts above a wallet's cursor were read before the chain settled there: each is checked again. A wallet
  // read for the first time has none.
  const read = wallets.flatMap((wallet) => {
    const cursor = stored.get(wallet.walletId)
    return cursor === undefined ? [] : [{ walletId: wallet.walletId, cursor }]
  })
  const lowest = read.reduce<bigint | undefined>(
    (low, each) => (low === undefined || each.cursor < low ? each.cursor : low),
    undefined,
  )
  const unsafe =
    lowest === undefined
      ? []
      : (
          await receiptsAbove(
            db,
            chainId,
            read.map((each) => each.walletId),
            lowest,
          )
        ).filter((receipt) => receipt.blockNumber >= (stored.get(receipt.walletId) ?? 0n))
  const gone: number[] = []
  for (const receipt of unsafe) if (await reorgedAway(rpc, receipt)) gone.push(receipt.id)
  await removeReceipts(db, gone)

  const byAddress = new Map(wallets.map((wallet) => [wallet.address.toLowerCase(), wallet]))
  const found: FoundReceipt[] = []
  const usdc = chain.info.usdc
  const native = chain.info.nativeCurrency
  const receipt = (
    wallet: PolledWallet,
    fields: Omit<FoundReceipt, 'userId' | 'walletId' | 'chainId' | 'summary' | 'at'>,
    at: Date,
  ): FoundReceipt => {
    const [symbol, decimals] =
      fields.asset === 'usdc' ? ['USDC', usdc?.decimals ?? 6] : [native.symbol, native.decimals]
    return {
      ...fields,
      userId: wallet.userId,
      walletId: wallet.walletId,
      chainId,
      at,
      summary: receivedSummary(
        fields.amount,
        decimals as number,
        symbol as string,
        shortenAddress(fields.fromAddress),
      ),
    }
  }

  // Wallets at the same cursor are read together (their cursors meet once each has caught up).
  const groups = new Map<bigint, PolledWallet[]>()
  for (const wallet of wallets) groups.set(startOf(wallet), [...(groups.get(startOf(wallet)) ?? []), wallet])
  const advances: { walletIds: string[]; nextBlock: bigint }[] = []
  for (const [start, members] of groups) {
    for (let offset = 0; offset < members.length; offset += walletsPerQuery) {
      const batch = members.slice(offset, offset + walletsPerQuery)
      let from = start
      let ranges = 0
      while (from <= head && ranges < tuning.maxRangesPerPass) {
        const to = from + tuning.maxBlockRange - 1n < head ? from + tuning.maxBlockRange - 1n : head
        if (usdc) {
          const logs = await rpc<Log[]>('eth_getLogs', [
            {
              fromBlock: hex(from),
              toBlock: hex(to),
              address: usdc.address,
              topics: [transferTopic, null, batch.map((wallet) => topicOf(wallet.address))],
            },
          ])
          for (const log of logs) {
            const wallet = byAddress.get(addressOfTopic(log.topics[2] ?? '').toLowerCase())
            const amount = BigInt(log.data === '0x' ? 0 : log.data)
            if (!wallet || log.removed || amount === 0n) continue
            const blockNumber = BigInt(log.blockNumber)
            found.push(
              receipt(
                wallet,
                {
                  txHash: log.transactionHash,
                  position: `log:${Number(BigInt(log.logIndex))}`,
                  asset: 'usdc',
                  amount,
                  fromAddress: addressOfTopic(log.topics[1] ?? ''),
                  blockNumber,
                  blockHash: log.blockHash,
                  source: 'chain',
                },
                await timeOf(blockNumber),
              ),
            )
          }
        }
        if (tuning.scanBlocks) found.push(...(await nativeInBlocks(rpc, from, to, batch, receipt)))
        ranges += 1
        from = to + 1n
      }
      // Read up to `from - 1`; the cursor stays `depth` blocks under the head so what is above is read again.
      advances.push({
        walletIds: batch.map((wallet) => wallet.walletId),
        nextBlock: from < safeNext ? from : safeNext,
      })
    }
  }
  // Native coin a member sent another through Charter, from the send records (production reads no blocks).
  for (const sent of await sentToMembers(db, chainId, wallets)) {
    const wallet = byAddress.get(sent.to.toLowerCase())
    if (!wallet) continue
    const block = await rpc<{ hash: string; timestamp: string } | null>('eth_getBlockByNumber', [
      hex(sent.blockNumber),
      false,
    ])
    if (!block) continue
    found.push(
      receipt(
        wallet,
        {
          txHash: sent.hash,
          position: 'native',
          asset: 'native',
          amount: sent.value,
          fromAddress: sent.from,
          blockNumber: sent.blockNumber,
          blockHash: block.hash,
          source: 'send',
        },
        new Date(Number(BigInt(block.timestamp)) * 1000),
      ),
    )
  }
  const written = await recordReceipts(db, withoutTestFunds(chain, found))
  for (const advance of advances) await advanceCursors(db, chainId, advance.walletIds, advance.nextBlock)
  return written
}

/**
 * Whether a reorg took a receipt away: its transaction is in another block, failed, or gone while another block
 * stands at its height. A node that has not seen it yet (a node behind the one that showed it, behind a load
 * balancer) proves nothing: the receipt stays, and is checked again on the next pass.
 */
async function reorgedAway(rpc: ChainRpc, receipt: UnsafeReceipt): Promise<boolean> {
  const onChain = await rpc<{ blockHash: string; status?: string } | null>('eth_getTransactionReceipt', [
    receipt.txHash,
  ])
  if (onChain)
    return onChain.status === '0x0' || (receipt.blockHash !== null && onChain.blockHash !== receipt.blockHash)
  const block = await rpc<{ hash: string } | null>('eth_getBlockByNumber', [hex(receipt.blockNumber), false])
  return block !== null && block.hash !== receipt.blockHash
}

/** Native coin sent to the wallets by the transactions of blocks `from` to `to`: local devnets only. */
async function nativeInBlocks(
  rpc: ChainRpc,
  from: bigint,
  to: bigint,
  wallets: readonly PolledWallet[],
  receipt: (
    wallet: PolledWallet,
    fields: Omit<FoundReceipt, 'userId' | 'walletId' | 'chainId' | 'summary' | 'at'>,
    at: Date,
  ) => FoundReceipt,
): Promise<FoundReceipt[]> {
  const byAddress = new Map(wallets.map((wallet) => [wallet.address.toLowerCase(), wallet]))
  const found: FoundReceipt[] = []
  for (let number = from; number <= to; number += 1n) {
    const block = await rpc<BlockWithTransactions | null>('eth_getBlockByNumber', [hex(number), true])
    if (!block) continue
    for (const transaction of block.transactions) {
      const wallet = transaction.to ? byAddress.get(transaction.to.toLowerCase()) : undefined
      const value = BigInt(transaction.value)
      if (!wallet || value === 0n) continue
      const outcome = await rpc<{ status: string } | null>('eth_getTransactionReceipt', [transaction.hash])
      if (outcome?.status !== '0x1') continue
      found.push(
        receipt(
          wallet,
          {
            txHash: transaction.hash,
            position: 'native',
            asset: 'native',
            amount: value,
            fromAddress: transaction.from,
            blockNumber: number,
            blockHash: block.hash,
            source: 'chain',
          },
          new Date(Number(BigInt(block.timestamp)) * 1000),
        ),
      )
    }
  }
  return found
}
