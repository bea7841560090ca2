import { shortenAddress } from '@charter/core'
import { type Address, address } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { ServedChain } from '../chains/ServedChain.ts'
import type { Db } from '../db/Database.ts'
import type { Backfill } from '../db/schema.ts'
import { type ChainRpc, chainRpc } from '../wallets/sends/chainRpc.ts'
import type { PolledWallet } from './polledWallets.ts'
import type { ChainTuning } from './readerTuning.ts'
import {
  advanceCursors,
  backfillsOf,
  cursorsOf,
  type FoundReceipt,
  recordReceipts,
  saveBackfill,
} from './receiptStore.ts'
import { receivedSummary } from './receivedSummary.ts'
import { withoutTestFunds } from './testFunds.ts'

type SignatureInfo = { signature: string; slot: number; err: unknown; blockTime: number | null }
type TokenBalance = { accountIndex: number; mint: string; owner?: string; uiTokenAmount: { amount: string } }
type ParsedTransaction = {
  slot: number
  blockTime: number | null
  meta: {
    err: unknown
    preBalances: number[]
    postBalances: number[]
    preTokenBalances?: TokenBalance[]
    postTokenBalances?: TokenBalance[]
  } | null
  transaction: { message: { accountKeys: { pubkey: string }[] } }
}

/**
 * The signatures naming `account` at slot `fromSlot` or later, newest first, read at `finalized` (where nothing
 * is rolled back), page after page until one is older; `pages` of `pageLength` at most, from the newest or from just before
 * `before`. `complete` says whether it reached `fromSlot`; when it did not, `oldest` is where to go on.
 */
async function signaturesSince(
  rpc: ChainRpc,
  account: string,
  fromSlot: bigint,
  { pages, pageLength }: { pages: number; pageLength: number },
  before: string | undefined,
): Promise<{ found: SignatureInfo[]; complete: boolean; oldest: string | undefined }> {
  const found: SignatureInfo[] = []
  let from = before
  for (let page = 0; page < pages; page += 1) {
    const batch = await rpc<SignatureInfo[]>('getSignaturesForAddress', [
      account,
      { limit: pageLength, commitment: 'finalized', ...(from && { before: from }) },
    ])
    for (const each of batch) {
      if (BigInt(each.slot) < fromSlot) return { found, complete: true, oldest: undefined }
      found.push(each)
    }
    if (batch.length < pageLength) return { found, complete: true, oldest: undefined }
    from = batch.at(-1)?.signature
  }
  return { found, complete: false, oldest: from }
}

/** What `wallet` gained in one transaction: SOL and the USDC of `mint`, each with whoever gave the most. */
function gainsOf(
  transaction: ParsedTransaction,
  wallet: string,
  mint: string | undefined,
): { asset: 'native' | 'usdc'; amount: bigint; from: string }[] {
  const meta = transaction.meta
  if (!meta || meta.err !== null) return []
  const keys = transaction.transaction.message.accountKeys.map((key) => key.pubkey)
  const gains: { asset: 'native' | 'usdc'; amount: bigint; from: string }[] = []
  // Whoever a change came from: the account that lost the most, else the fee payer (which may be the wallet).
  const giver = (losses: Map<string, bigint>) => {
    let from = keys[0] ?? ''
    let most = 0n
    for (const [owner, loss] of losses) {
      if (owner !== wallet && loss > most) {
        most = loss
        from = owner
      }
    }
    return from
  }
  const index = keys.indexOf(wallet)
  if (index >= 0) {
    const delta = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0)
    if (delta > 0n) {
      const losses = new Map<string, bigint>()
      keys.forEach((key, at) => {
        const lost = BigInt(meta.preBalances[at] ?? 0) - BigInt(meta.postBalances[at] ?? 0)
        if (lost > 0n) losses.set(key, lost)
      })
      const from = giver(losses)
      // Nobody but the wallet itself paid: a refund of its own rent, or an airdrop (the local faucet's SOL).
      if (from !== wallet) gains.push({ asset: 'native', amount: delta, from })
    }
  }
  if (mint) {
    // The token balances by owner: an SPL transfer moves between token accounts, and their owners are who count.
    const byOwner = new Map<string, bigint>()
    const add = (balances: TokenBalance[] | undefined, sign: bigint) => {
      for (const balance of balances ?? []) {
        if (balance.mint !== mint || !balance.owner) continue
        byOwner.set(
          balance.owner,
          (byOwner.get(balance.owner) ?? 0n) + sign * BigInt(balance.uiTokenAmount.amount),
        )
      }
    }
    add(meta.postTokenBalances, 1n)
    add(meta.preTokenBalances, -1n)
    const delta = byOwner.get(wallet) ?? 0n
    if (delta > 0n) {
      const losses = new Map<string, bigint>()
      for (const [owner, change] of byOwner) if (change < 0n) losses.set(owner, -change)
      gains.push({ asset: 'usdc', amount: delta, from: giver(losses) })
    }
  }
  return gains
}

/**
 * One pass over a Solana cluster for `wallets`: the signatures naming each wallet or its USDC associated token
 * account (an SPL transfer names the token account, not its owner) since the wallet's cursor, each new
 * transaction read once with getTransaction, and what it added to the wallet's SOL or USDC stored as a receipt.
 * Read at `finalized`, so nothing found is rolled back; the cursor moves to the slot finalized when the pass
 * began, which the next pass reads again (what it finds there twice is written once). Answers how many receipts were new.
 */
export async function readSolanaChain(
  db: Db,
  chain: ServedChain,
  wallets: readonly PolledWallet[],
  tuning: ChainTuning,
): Promise<{ received: number; unfinished: boolean }> {
  if (wallets.length === 0) return { received: 0, unfinished: false }
  const chainId = String(chain.info.id)
  const rpc = chainRpc(chain.rpcUrl)
  const finalized = BigInt(await rpc<number>('getSlot', [{ commitment: 'finalized' }]))
  const stored = await cursorsOf(
    db,
    chainId,
    wallets.map((wallet) => wallet.walletId),
  )
  const backfills = await backfillsOf(
    db,
    chainId,
    wallets.map((wallet) => wallet.walletId),
  )
  const readAll: string[] = []
  let unfinished = false
  const mint = chain.info.usdc?.address
  const native = chain.info.nativeCurrency
  const transactions = new Map<string, Promise<ParsedTransaction | null>>()
  const transactionOf = (signature: string) => {
    let found = transactions.get(signature)
    if (!found) {
      found = rpc<ParsedTransaction | null>('getTransaction', [
        signature,
        { encoding: 'jsonParsed', commitment: 'finalized', maxSupportedTransactionVersion: 0 },
      ])
      transactions.set(signature, found)
    }
    return found
  }
  let written = 0
  for (const wallet of wallets) {
    const start = stored.get(wallet.walletId) ?? (tuning.startAtGenesis ? 0n : finalized)
    const accounts: string[] = [wallet.address]
    if (mint) {
      const [tokenAccount] = await findAssociatedTokenPda({
        owner: address(wallet.address),
        mint: mint as Address,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      })
      accounts.push(tokenAccount)
    }
    // A wallet named by more signatures than a pass reads (a flood of dust) is read on from where the pass
    // stopped, older and older, before its cursor moves: what is older is delayed, never skipped.
    const resumed = backfills.get(wallet.walletId) ?? {}
    const left: Backfill = {}
    let readTo: bigint | undefined = finalized
    const signatures = new Map<string, SignatureInfo>()
    for (const account of accounts) {
      const resume = resumed[account]
      const budget = { pages: tuning.maxRangesPerPass, pageLength: tuning.signaturesPerPage }
      const read = await signaturesSince(rpc, account, start, budget, resume?.before)
      for (const each of read.found) if (each.err === null) signatures.set(each.signature, each)
      const top = resume ? BigInt(resume.top) : finalized
      if (!read.complete && read.oldest) {
        left[account] = { before: read.oldest, top: top.toString() }
        readTo = undefined
      } else if (readTo !== undefined && top < readTo) readTo = top
    }
    const found: FoundReceipt[] = []
    for (const [signature, info] of signatures) {
      const transaction = await transactionOf(signature)
      if (!transaction) continue
      for (const gain of gainsOf(transaction, wallet.address, mint)) {
        const [symbol, decimals] =
          gain.asset === 'usdc' ? ['USDC', chain.info.usdc?.decimals ?? 6] : [native.symbol, native.decimals]
        const blockTime = transaction.blockTime ?? info.blockTime
        found.push({
          userId: wallet.userId,
          walletId: wallet.walletId,
          chainId,
          txHash: signature,
          position: gain.asset,
          asset: gain.asset,
          amount: gain.amount,
          fromAddress: gain.from,
          blockNumber: BigInt(transaction.slot),
          blockHash: null,
          source: 'chain',
          at: blockTime === null ? new Date() : new Date(blockTime * 1000),
          summary: receivedSummary(
            gain.amount,
            decimals as number,
            symbol as string,
            shortenAddress(gain.from),
          ),
        })
      }
    }
    written += await recordReceipts(db, withoutTestFunds(chain, found))
    if (readTo === undefined) {
      unfinished = true
      await saveBackfill(db, chainId, wallet.walletId, start, left)
    } else if (readTo === finalized && !backfills.has(wallet.walletId)) readAll.push(wallet.walletId)
    else {
      await saveBackfill(db, chainId, wallet.walletId, start, null)
      await advanceCursors(db, chainId, [wallet.walletId], readTo)
    }
  }
  // The finalized slot itself is read again next time: the local cluster still fills the slot it reports.
  await advanceCursors(db, chainId, readAll, finalized)
  return { received: written, unfinished }
}
