import { toUnixSeconds } from '@charter/core'
import {
  type Address,
  type Blockhash,
  type EncodedAccount,
  getAddressDecoder,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Lamports,
  type Signature,
  type Transaction,
} from '@solana/kit'
import { getMintDecoder, getMintSize, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm'
import { type DescribedTransactionError, describeTransactionError } from './describeTransactionError.ts'
import { invalidParams, JsonRpcError } from './JsonRpcError.ts'
import { type Balances, balancesOf, type MessageShape, messageShape } from './ledgerRecord.ts'
import { TransactionHistory } from './transactionHistory.ts'

/** A blockhash stays usable for this many slots after it was handed out, as on a real cluster. */
const blockhashLifetime = 150n

/** How many signatures' slots are remembered for getSignatureStatuses (older ones answer from LiteSVM's history). */
const statusMemory = 10_000

/** The fee of one signature; LiteSVM charges the cluster's default and nothing for priority. */
export const lamportsPerSignature = 5000n

const systemProgram = '11111111111111111111111111111111'

/** What executing or simulating a transaction gave: its error (null if it succeeded), logs and compute used. */
export type Outcome = { error: DescribedTransactionError | null; logs: string[]; unitsConsumed: bigint }

/** A committed transaction's place for getSignatureStatuses. */
export type SignatureStatus = { slot: bigint; error: unknown }

function outcomeOf(
  result: TransactionMetadata | FailedTransactionMetadata | { meta(): TransactionMetadata },
): Outcome {
  const failed = result instanceof FailedTransactionMetadata
  const meta = failed || !('logs' in result) ? result.meta() : result
  return {
    error: failed ? describeTransactionError(result) : null,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
  }
}

/**
 * LiteSVM with what a cluster has and LiteSVM lacks: a slot that moves on with every write, blockhashes that stay
 * valid for 150 slots (LiteSVM itself accepts only its latest one, which would refuse two wallets signing against
 * the same blockhash), and each committed signature's slot. Everything here runs synchronously on the one thread,
 * so no two requests interleave inside a method.
 */
export class LocalCluster {
  /** Blockhash → the slot it was issued at. */
  private readonly recentBlockhashes = new Map<string, bigint>()
  private readonly statuses = new Map<string, SignatureStatus>()

  constructor(
    readonly svm: LiteSVM,
    /** Called after every change of state, to schedule a save. */
    private readonly onWrite: () => void,
    /** Every committed transaction's accounts and balances, for getSignaturesForAddress and getTransaction. */
    readonly history: TransactionHistory = new TransactionHistory(),
  ) {
    // The blockhash window is checked here (see `checkLifetime`); signatures and duplicates LiteSVM still checks.
    svm.withBlockhashCheck(false).withSigverify(true)
    this.recentBlockhashes.set(svm.latestBlockhash(), this.slot())
  }

  slot(): bigint {
    return this.svm.getClock().slot
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash() as Blockhash
    const issuedAt = this.recentBlockhashes.get(blockhash) ?? this.slot()
    return { blockhash, lastValidBlockHeight: issuedAt + blockhashLifetime }
  }

  isBlockhashValid(blockhash: string): boolean {
    const issuedAt = this.recentBlockhashes.get(blockhash)
    return issuedAt !== undefined && issuedAt + blockhashLifetime >= this.slot()
  }

  /**
   * One slot on, with a fresh blockhash and the wall-clock time. After every write, so that the same transfer
   * signed again against a fresh blockhash is a new transaction, not "already processed".
   */
  private advance(): void {
    const clock = this.svm.getClock()
    clock.slot += 1n
    clock.unixTimestamp = BigInt(toUnixSeconds(Date.now()))
    this.svm.setClock(clock)
    this.svm.expireBlockhash()
    this.recentBlockhashes.set(this.svm.latestBlockhash(), clock.slot)
    for (const [blockhash, issuedAt] of this.recentBlockhashes) {
      if (issuedAt + blockhashLifetime >= clock.slot) break
      this.recentBlockhashes.delete(blockhash)
    }
    this.onWrite()
  }

  private remember(signature: string, status: SignatureStatus): void {
    this.statuses.set(signature, status)
    if (this.statuses.size > statusMemory) {
      const oldest = this.statuses.keys().next()
      if (!oldest.done) this.statuses.delete(oldest.value)
    }
  }

  /** The balances of `keys` now: before a transaction runs, they are its pre-balances. */
  private balancesNow(keys: readonly string[]): Balances {
    return balancesOf(keys, (address) => this.account(address), this.decimalsOf)
  }

  /**
   * Keeps a committed transaction in the history: its message, slot and time, and its accounts' balances before
   * (`before`) and now. Called before the slot moves on, so the slot is the one it was committed in.
   */
  private record(
    signature: string,
    message: MessageShape,
    before: Balances,
    outcome: Outcome,
    fee: bigint,
  ): void {
    const after = this.balancesNow(message.accountKeys.map((key) => key.pubkey))
    this.history.add({
      signature,
      slot: this.slot().toString(),
      blockTime: Number(this.svm.getClock().unixTimestamp),
      err: outcome.error?.json ?? null,
      fee: fee.toString(),
      ...message,
      preBalances: before.preBalances,
      postBalances: after.preBalances,
      preTokenBalances: before.preTokenBalances,
      postTokenBalances: after.preTokenBalances,
      logs: outcome.logs,
      unitsConsumed: outcome.unitsConsumed.toString(),
    })
  }

  account(address: Address): EncodedAccount | null {
    const account = this.svm.getAccount(address)
    return account.exists ? account : null
  }

  /** A mint's decimals, or null when `mint` is no SPL Token mint. */
  decimalsOf = (mint: Address): number | null => {
    const account = this.account(mint)
    if (!account || account.programAddress !== TOKEN_PROGRAM_ADDRESS) return null
    const data = account.data as Uint8Array
    if (data.length !== getMintSize()) return null
    const decoded = getMintDecoder().decode(data)
    return decoded.isInitialized ? decoded.decimals : null
  }

  /** The SPL Token accounts `owner` holds, all of them or those of one mint. */
  tokenAccountsOf(owner: Address, mint: Address | null): EncodedAccount[] {
    const addressDecoder = getAddressDecoder()
    return this.svm.getProgramAccounts(TOKEN_PROGRAM_ADDRESS).filter((account) => {
      const data = account.data as Uint8Array
      if (data.length !== getTokenSize()) return false
      if (addressDecoder.decode(data.subarray(32, 64)) !== owner) return false
      return mint === null || addressDecoder.decode(data.subarray(0, 32)) === mint
    })
  }

  /** Wire bytes as a transaction; bytes that are none are refused as the real RPC refuses them. */
  decodeTransaction(bytes: Uint8Array): Transaction {
    try {
      const transaction = getTransactionDecoder().decode(bytes)
      getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
      return transaction
    } catch {
      throw invalidParams('invalid transaction: Transaction failed to sanitize accounts offsets correctly')
    }
  }

  /** The fee a message would pay: one signature's fee per signer. */
  feeFor(messageBytes: Uint8Array): bigint {
    const message = getCompiledTransactionMessageDecoder().decode(messageBytes) as {
      header?: { numSignerAccounts?: number }
    }
    return BigInt(message.header?.numSignerAccounts ?? 1) * lamportsPerSignature
  }

  /** The blockhash (or nonce) a message names. */
  lifetimeTokenOf(messageBytes: Uint8Array): string {
    return getCompiledTransactionMessageDecoder().decode(messageBytes).lifetimeToken
  }

  /**
   * Whether a transaction's blockhash is one of the last 150 slots'. A durable-nonce transaction (its first
   * instruction advances a nonce) carries the nonce instead and is let through: LiteSVM does not check nonces.
   */
  private checkLifetime(transaction: Transaction): DescribedTransactionError | null {
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as {
      lifetimeToken: string
      staticAccounts?: readonly string[]
      instructions?: readonly { programAddressIndex: number; data?: Uint8Array }[]
    }
    if (this.isBlockhashValid(message.lifetimeToken)) return null
    const first = message.instructions?.[0]
    const advancesNonce =
      first !== undefined &&
      message.staticAccounts?.[first.programAddressIndex] === systemProgram &&
      first.data?.[0] === 4 &&
      first.data.length === 4
    if (advancesNonce) return null
    return { json: 'BlockhashNotFound', message: 'Blockhash not found' }
  }

  /** Runs a transaction without committing it, as simulateTransaction does. */
  simulate(
    transaction: Transaction,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): Outcome {
    if (!options.replaceRecentBlockhash) {
      const lifetimeError = this.checkLifetime(transaction)
      if (lifetimeError) return { error: lifetimeError, logs: [], unitsConsumed: 0n }
    }
    this.svm.withSigverify(options.sigVerify)
    try {
      return outcomeOf(this.svm.simulateTransaction(transaction))
    } catch {
      // LiteSVM asserts every signature is present before it verifies any.
      return {
        error: { json: 'SignatureFailure', message: 'Transaction did not pass signature verification' },
        logs: [],
        unitsConsumed: 0n,
      }
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /**
   * sendTransaction: a preflight simulation first unless skipped (a failing one is the real RPC's -32002 and
   * commits nothing), then execution. A transaction that fails in execution is committed as failed, its fee
   * paid, as on a real cluster.
   */
  send(transaction: Transaction, options: { skipPreflight: boolean }): Signature {
    const feePayer = Object.keys(transaction.signatures)[0] as Address | undefined
    if (!feePayer || !transaction.signatures[feePayer]) {
      throw new JsonRpcError(-32003, 'Transaction signature verification failure')
    }
    const signature = getSignatureFromTransaction(transaction)
    if (!options.skipPreflight) {
      const preflight = this.simulate(transaction, { sigVerify: true, replaceRecentBlockhash: false })
      if (preflight.error) {
        throw new JsonRpcError(-32002, `Transaction simulation failed: ${preflight.error.message}`, {
          accounts: null,
          err: preflight.error.json,
          innerInstructions: null,
          logs: preflight.logs,
          replacementBlockhash: null,
          returnData: null,
          unitsConsumed: preflight.unitsConsumed,
        })
      }
    } else if (this.checkLifetime(transaction)) {
      // A real cluster drops such a transaction unseen: the signature is returned and never gets a status.
      return signature
    } else if (this.status(signature) !== null) {
      // So it does a transaction it already processed (a client's rebroadcast): its first status stands.
      return signature
    }
    const message = messageShape(transaction)
    const before = this.balancesNow(message.accountKeys.map((key) => key.pubkey))
    let outcome: Outcome
    try {
      outcome = outcomeOf(this.svm.sendTransaction(transaction))
    } catch {
      throw new JsonRpcError(-32003, 'Transaction signature verification failure')
    }
    if (this.svm.getTransaction(signature) !== null) {
      this.remember(signature, { slot: this.slot(), error: outcome.error?.json ?? null })
      this.record(
        signature,
        message,
        before,
        outcome,
        BigInt(message.header.numRequiredSignatures) * lamportsPerSignature,
      )
      this.advance()
    }
    return signature
  }

  /** Credits lamports out of LiteSVM's own airdrop account, one committed transaction. */
  airdrop(address: Address, amount: Lamports): Signature {
    // LiteSVM signs an airdrop with a key of its own it does not show: the history keeps the recipient and the
    // System Program, and no signer.
    const message: MessageShape = {
      version: 'legacy',
      signatures: [],
      header: { numRequiredSignatures: 0, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      accountKeys: [
        { pubkey: address, signer: false, writable: true },
        { pubkey: systemProgram, signer: false, writable: false },
      ],
      recentBlockhash: this.svm.latestBlockhash(),
      instructions: [],
    }
    const before = this.balancesNow([address, systemProgram])
    const result = this.svm.airdrop(address, amount)
    if (result === null || result instanceof FailedTransactionMetadata) {
      const reason = result ? describeTransactionError(result).message : 'no result'
      throw new JsonRpcError(-32603, `Internal error: the airdrop failed: ${reason}`)
    }
    const signature = getBase58Decoder().decode(result.signature()) as Signature
    this.remember(signature, { slot: this.slot(), error: null })
    this.record(signature, { ...message, signatures: [signature] }, before, outcomeOf(result), 0n)
    this.advance()
    return signature
  }

  /** Executes a transaction Charter built itself (funding); its failure is thrown with the logs. */
  execute(transaction: Transaction): Outcome {
    const message = messageShape(transaction)
    const before = this.balancesNow(message.accountKeys.map((key) => key.pubkey))
    const outcome = outcomeOf(this.svm.sendTransaction(transaction))
    const signature = getSignatureFromTransaction(transaction)
    if (this.svm.getTransaction(signature) !== null) {
      this.remember(signature, { slot: this.slot(), error: outcome.error?.json ?? null })
      this.record(
        signature,
        message,
        before,
        outcome,
        BigInt(message.header.numRequiredSignatures) * lamportsPerSignature,
      )
      this.advance()
    }
    return outcome
  }

  /** A signature's status: its slot and error, or null if this cluster never committed it. */
  status(signature: string): SignatureStatus | null {
    const known = this.statuses.get(signature)
    if (known) return known
    // Older than this process (a restart) or than the memory above: LiteSVM's history still knows it.
    let bytes: TransactionMetadata | FailedTransactionMetadata | null
    try {
      bytes = this.svm.getTransaction(signature as Signature)
    } catch {
      return null
    }
    if (bytes === null) return null
    const error = bytes instanceof FailedTransactionMetadata ? describeTransactionError(bytes).json : null
    return { slot: this.slot(), error }
  }
}
