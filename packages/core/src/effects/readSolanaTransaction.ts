import {
  AccountRole,
  type Address,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
} from '@solana/kit'
import {
  identifySystemInstruction,
  parseCreateAccountInstruction,
  parseCreateAccountWithSeedInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  findAssociatedTokenPda,
  identifyAssociatedTokenInstruction,
  identifyTokenInstruction,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseCreateAssociatedTokenInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import {
  isSolanaTransaction,
  parseSolanaTransaction,
  SolanaTransactionFormatError,
} from './solanaWireTransaction.ts'

/** A Solana transaction as a send reads it: who signs and pays, and what it moves out of the wallet. */
export type SolanaTransactionReading = {
  /** Legacy or v0, accounts all static. */
  message: Extract<CompiledTransactionMessage, { version: 'legacy' | 0 }> &
    CompiledTransactionMessageWithLifetime
  messageBytes: Uint8Array
  /** The signature slots as the caller sent them (64 zero bytes where a signature is missing). */
  signatures: Uint8Array[]
  /** Required signers in slot order; the first pays the fee. */
  signers: Address[]
  /** Lamports leaving the wallet's own account: System transfers and accounts it creates. */
  native: { to: Address; lamports: bigint }[]
  /** USDC leaving the wallet's token accounts: to a token account, the amount in base units. */
  usdc: { destination: Address; amount: bigint }[]
  /**
   * What could move the wallet's value in ways not counted above, in words: another program given the wallet's
   * signature, its account assigned away, a token account's authority changed or a delegate approved, a token
   * transfer from an account whose mint the transaction does not name.
   */
  unmeasured: string[]
  /** Associated token accounts the transaction creates with the wallet paying their rent. */
  createdTokenAccounts: { account: Address; owner: Address; mint: Address; idempotent: boolean }[]
}

/** A program's instruction with its accounts by address (their roles do not matter to the parsers). */
type ReadInstruction = Instruction & { accounts: { address: Address; role: AccountRole }[]; data: Uint8Array }

/**
 * Reads a Solana wire transaction (legacy or v0 without address lookup tables, whose accounts a reader cannot
 * know without the chain) as what it moves out of `wallet`: System transfers and created accounts paid from it;
 * SPL Token `Transfer` from its USDC associated token account, `TransferChecked` of the USDC mint it authorises.
 * Pure: the chain is never asked. Throws SolanaTransactionFormatError (`transaction: …`) for bytes that are no such
 * transaction.
 */
export function readSolanaTransaction(
  bytes: Uint8Array,
  owner: { wallet: Address; usdcMint: Address | null; usdcAccount: Address | null },
): SolanaTransactionReading {
  if (!isSolanaTransaction(bytes)) {
    let why = 'it does not decode as one'
    try {
      parseSolanaTransaction(bytes)
      why = 'its message does not decode, or bytes follow it'
    } catch (error) {
      if (error instanceof Error) why = error.message
    }
    throw new SolanaTransactionFormatError(`transaction: not a Solana wire transaction (${why})`)
  }
  const parts = parseSolanaTransaction(bytes)
  let messageBytes: Uint8Array
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    messageBytes = new Uint8Array(getTransactionDecoder().decode(bytes).messageBytes)
    message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  } catch (error) {
    throw new SolanaTransactionFormatError(
      `transaction: not a Solana wire transaction (${error instanceof Error ? error.message : 'it does not decode'})`,
    )
  }
  if (message.version !== 'legacy' && message.version !== 0) {
    throw new SolanaTransactionFormatError('transaction: only legacy and v0 messages are known')
  }
  if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0) {
    throw new SolanaTransactionFormatError(
      'transaction: it loads accounts from address lookup tables, whose contents the server cannot show or check; list every account in the message',
    )
  }
  const accounts = message.staticAccounts
  const signers = accounts.slice(0, message.header.numSignerAccounts)
  const signatures = Array.from({ length: parts.signatureCount }, (_, slot) =>
    bytes.slice(parts.signaturesOffset + slot * 64, parts.signaturesOffset + (slot + 1) * 64),
  )

  const reading: SolanaTransactionReading = {
    message,
    messageBytes,
    signatures,
    signers,
    native: [],
    usdc: [],
    unmeasured: [],
    createdTokenAccounts: [],
  }
  for (const compiled of message.instructions) {
    const programAddress = accounts[compiled.programAddressIndex]
    const metas = (compiled.accountIndices ?? []).map((index) => accounts[index])
    if (programAddress === undefined || metas.some((address) => address === undefined)) {
      throw new SolanaTransactionFormatError(
        'transaction: an instruction names an account the message does not list',
      )
    }
    const instruction: ReadInstruction = {
      programAddress,
      accounts: (metas as Address[]).map((address) => ({ address, role: AccountRole.READONLY })),
      data: new Uint8Array(compiled.data ?? []),
    }
    // An instruction a parser cannot read (unknown discriminator, too few accounts) would fail on chain the
    // same way: it moves nothing, and the simulation refuses it.
    let unmeasured: string | undefined
    try {
      unmeasured = readInstruction(instruction, owner, reading)
    } catch (error) {
      if (error instanceof SolanaTransactionFormatError) throw error
    }
    if (
      unmeasured !== undefined &&
      instruction.accounts.some((account) => account.address === owner.wallet)
    ) {
      reading.unmeasured.push(unmeasured)
    }
  }
  return reading
}

const computeBudgetProgram = 'ComputeBudget111111111111111111111111111111'
/** Ed25519, secp256k1 and secp256r1 signature checks: each signature they verify costs a signature's fee. */
const signaturePrecompiles = new Set<string>([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
])
/** Solana's fee per signature, in lamports, and its compute limits when a transaction sets none. */
const lamportsPerSignature = 5000n
const defaultUnitsPerInstruction = 200_000n
const maxUnits = 1_400_000n

/**
 * The most the transaction's fee can be, in lamports: 5,000 per signature (its own, and those its precompile
 * instructions verify) and its priority fee (the compute unit
 * price it sets, in micro-lamports, times its compute unit limit, or the limit Solana gives it when it sets none).
 */
export function solanaMaxFee(reading: Pick<SolanaTransactionReading, 'message' | 'signers'>): bigint {
  const { message } = reading
  let price = 0n
  let limit: bigint | undefined
  let instructions = 0n
  let signatures = BigInt(reading.signers.length)
  for (const compiled of message.instructions) {
    const data = new Uint8Array(compiled.data ?? [])
    const program = message.staticAccounts[compiled.programAddressIndex]
    // A signature-verifying precompile's signatures are paid for as the transaction's own are: its first byte
    // counts them.
    if (program !== undefined && signaturePrecompiles.has(program)) signatures += BigInt(data[0] ?? 0)
    if (program !== computeBudgetProgram) {
      instructions += 1n
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true))
    if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true)
  }
  const units =
    limit ??
    (instructions * defaultUnitsPerInstruction > maxUnits
      ? maxUnits
      : instructions * defaultUnitsPerInstruction)
  const priority = (price * units + 999_999n) / 1_000_000n
  return signatures * lamportsPerSignature + priority
}

/** Programs that move nothing of a signer's: the compute budget and memos. */
const harmlessPrograms = new Set<string>([
  computeBudgetProgram,
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
])

/**
 * Adds what one instruction moves out of the wallet to `reading`. Answers, in words, what it does that could move
 * the wallet's value unmeasured (counted only when the instruction lists the wallet), or undefined.
 */
function readInstruction(
  instruction: ReadInstruction,
  owner: { wallet: Address; usdcMint: Address | null; usdcAccount: Address | null },
  reading: SolanaTransactionReading,
): string | undefined {
  const { wallet, usdcMint, usdcAccount } = owner
  const program = instruction.programAddress
  if (instruction.programAddress === SYSTEM_PROGRAM_ADDRESS) {
    switch (identifySystemInstruction(instruction)) {
      case SystemInstruction.TransferSol: {
        const parsed = parseTransferSolInstruction(instruction)
        if (parsed.accounts.source.address === wallet) {
          reading.native.push({ to: parsed.accounts.destination.address, lamports: parsed.data.amount })
        }
        return
      }
      case SystemInstruction.CreateAccount: {
        const parsed = parseCreateAccountInstruction(instruction)
        if (parsed.accounts.payer.address === wallet) {
          reading.native.push({ to: parsed.accounts.newAccount.address, lamports: parsed.data.lamports })
        }
        return
      }
      case SystemInstruction.CreateAccountWithSeed: {
        const parsed = parseCreateAccountWithSeedInstruction(instruction)
        if (parsed.accounts.payer.address === wallet) {
          reading.native.push({ to: parsed.accounts.newAccount.address, lamports: parsed.data.amount })
        }
        return
      }
      case SystemInstruction.AdvanceNonceAccount:
        return
      // Data in the wallet's own account leaves it unable to pay fees or send with a plain transfer.
      case SystemInstruction.Allocate:
        return 'allocates data in the wallet’s own account'
      default:
        return 'a System program instruction on the wallet other than a transfer or an account creation'
    }
  }
  if (instruction.programAddress === TOKEN_PROGRAM_ADDRESS) {
    switch (identifyTokenInstruction(instruction)) {
      case TokenInstruction.Transfer: {
        const parsed = parseTransferInstruction(instruction)
        if (parsed.accounts.authority.address !== wallet) return
        if (usdcMint !== null && parsed.accounts.source.address === usdcAccount) {
          reading.usdc.push({ destination: parsed.accounts.destination.address, amount: parsed.data.amount })
          return
        }
        return 'a token transfer from an account whose mint it does not name (use TransferChecked)'
      }
      case TokenInstruction.TransferChecked: {
        const parsed = parseTransferCheckedInstruction(instruction)
        if (parsed.accounts.authority.address !== wallet) return
        if (parsed.accounts.mint.address === usdcMint) {
          reading.usdc.push({ destination: parsed.accounts.destination.address, amount: parsed.data.amount })
          return
        }
        return `a transfer of the token ${parsed.accounts.mint.address}, which is not weighed here`
      }
      case TokenInstruction.Burn:
      case TokenInstruction.BurnChecked:
        return 'burns tokens'
      case TokenInstruction.CloseAccount:
        return 'closes a token account'
      case TokenInstruction.Approve:
      case TokenInstruction.ApproveChecked:
        return 'approves a delegate to spend from a token account'
      case TokenInstruction.SetAuthority:
        return "changes a token account's or mint's authority"
      default:
        return
    }
  }
  if (instruction.programAddress === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
    // An instruction without data is the original Create.
    const kind =
      instruction.data.length === 0
        ? AssociatedTokenInstruction.CreateAssociatedToken
        : identifyAssociatedTokenInstruction(instruction)
    if (kind === AssociatedTokenInstruction.CreateAssociatedTokenIdempotent) {
      const parsed = parseCreateAssociatedTokenIdempotentInstruction(instruction)
      if (parsed.accounts.payer.address === wallet) {
        reading.createdTokenAccounts.push({
          account: parsed.accounts.ata.address,
          owner: parsed.accounts.owner.address,
          mint: parsed.accounts.mint.address,
          idempotent: true,
        })
      }
    } else if (kind === AssociatedTokenInstruction.CreateAssociatedToken) {
      const parsed = parseCreateAssociatedTokenInstruction(instruction)
      if (parsed.accounts.payer.address === wallet) {
        reading.createdTokenAccounts.push({
          account: parsed.accounts.ata.address,
          owner: parsed.accounts.owner.address,
          mint: parsed.accounts.mint.address,
          idempotent: false,
        })
      }
    }
    return
  }
  if (harmlessPrograms.has(program)) return
  return `calls the program ${program} with the wallet's account, which may move its funds`
}

/** The wallet's associated token account for `mint` (SPL Token). */
export async function associatedTokenAccount(wallet: Address, mint: Address): Promise<Address> {
  const [account] = await findAssociatedTokenPda({ owner: wallet, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return account
}
