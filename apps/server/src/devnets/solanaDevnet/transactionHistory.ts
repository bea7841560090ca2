import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'

/** An SPL Token account's balance before or after a transaction, as getTransaction's meta lists it. */
export type TokenBalanceRecord = {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  amount: string
  decimals: number
}

/**
 * A committed transaction as the local cluster keeps it for getSignaturesForAddress and getTransaction: what a
 * real node's ledger gives those methods (its slot, time, accounts, instructions, balances before and after).
 * Amounts are decimal text, so the record is plain JSON.
 */
export type TransactionRecord = {
  signature: string
  slot: string
  /** Unix seconds: the cluster's clock when it was committed. */
  blockTime: number
  /** The error as the real RPC's `err` names it; null when it succeeded. */
  err: unknown
  fee: string
  version: 0 | 'legacy'
  signatures: string[]
  header: {
    numRequiredSignatures: number
    numReadonlySignedAccounts: number
    numReadonlyUnsignedAccounts: number
  }
  accountKeys: { pubkey: string; signer: boolean; writable: boolean }[]
  recentBlockhash: string
  /** Each instruction's program and accounts by index into `accountKeys`, its data in base58. */
  instructions: { programIdIndex: number; accounts: number[]; data: string }[]
  preBalances: string[]
  postBalances: string[]
  preTokenBalances: TokenBalanceRecord[]
  postTokenBalances: TokenBalanceRecord[]
  logs: string[]
  unitsConsumed: string
}

/**
 * How many transactions are kept: a real RPC node keeps a window of history too, and this file is written after
 * every write of the cluster. The oldest go first.
 */
const historyLength = 5_000

/**
 * The committed transactions, oldest first, with each account's signatures (newest last) for
 * getSignaturesForAddress. LiteSVM keeps only each transaction's outcome, not its accounts nor balances, so
 * the cluster records them here as it commits, and they are saved beside LiteSVM's own snapshot.
 */
export class TransactionHistory {
  private readonly records: TransactionRecord[] = []
  private readonly bySignature = new Map<string, TransactionRecord>()
  /** Each account's transactions, oldest first: an account's list is read without walking everyone's. */
  private readonly byAccount = new Map<string, TransactionRecord[]>()

  constructor(records: readonly TransactionRecord[] = []) {
    for (const record of records) this.add(record)
  }

  add(record: TransactionRecord): void {
    if (this.bySignature.has(record.signature)) return
    this.records.push(record)
    this.bySignature.set(record.signature, record)
    for (const pubkey of new Set(record.accountKeys.map((key) => key.pubkey))) {
      const list = this.byAccount.get(pubkey)
      if (list) list.push(record)
      else this.byAccount.set(pubkey, [record])
    }
    while (this.records.length > historyLength) {
      const oldest = this.records.shift()
      if (!oldest) break
      this.bySignature.delete(oldest.signature)
      // The oldest record is the first of each of its accounts' lists.
      for (const pubkey of new Set(oldest.accountKeys.map((key) => key.pubkey))) {
        const list = this.byAccount.get(pubkey)
        list?.shift()
        if (list?.length === 0) this.byAccount.delete(pubkey)
      }
    }
  }

  find(signature: string): TransactionRecord | undefined {
    return this.bySignature.get(signature)
  }

  /**
   * The transactions naming `address` among their accounts, newest first: those older than `before` (when it is
   * given, and known), stopping at `until` (not included), at most `limit`.
   */
  forAddress(
    address: string,
    { limit, before, until }: { limit: number; before?: string; until?: string },
  ): TransactionRecord[] {
    const found: TransactionRecord[] = []
    const list = this.byAccount.get(address) ?? []
    let started = before === undefined
    for (let index = list.length - 1; index >= 0 && found.length < limit; index -= 1) {
      const record = list[index] as TransactionRecord
      if (!started) {
        started = record.signature === before
        continue
      }
      if (record.signature === until) break
      found.push(record)
    }
    return found
  }

  /** Saved beside the snapshot, written aside and renamed over, as the snapshot is. */
  save(path: string): void {
    writeFileSync(`${path}.tmp`, JSON.stringify(this.records), { mode: 0o600 })
    renameSync(`${path}.tmp`, path)
  }

  /** The saved history, or an empty one on a first start (or a data folder from before it was kept). */
  static load(path: string): TransactionHistory {
    if (!existsSync(path)) return new TransactionHistory()
    const records: unknown = JSON.parse(readFileSync(path, 'utf8'))
    if (!Array.isArray(records)) throw new Error(`${path} is not a list of transactions.`)
    return new TransactionHistory(records as TransactionRecord[])
  }
}
