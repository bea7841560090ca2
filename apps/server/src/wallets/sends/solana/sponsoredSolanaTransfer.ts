import { associatedTokenAccount } from '@charter/core'
import type { Address } from '@solana/kit'
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

/** The one USDC transfer a sponsored Solana send is, as the sponsor's check read it. */
export type SponsoredSolanaTransfer = {
  /** The member's associated token account of the USDC mint: what the transfer leaves. */
  source: Address
  /** The recipient's associated token account of the USDC mint. */
  destination: Address
  /** Who owns `destination`: the recipient. */
  recipient: Address
  /** In USDC base units, more than zero. */
  amount: bigint
  /** The recipient's account, when the transaction creates it first (its rent paid by the sponsor). */
  creates: { account: Address; idempotent: boolean } | null
}

/** A transaction the sponsor will not pay for; the message says what is wrong, in words a developer can act on. */
export class SponsoredTransferRefusal extends Error {
  override name = 'SponsoredTransferRefusal'
}

/** An existing account as the chain knows it: whose it is, and of which mint (null: not a token account). */
export type TokenAccountHolding = { owner: Address; mint: Address | null }

/** The message as read from the wire (legacy or v0): its signers, accounts and instructions are what is checked. */
export type SponsoredMessage = {
  header: { numSignerAccounts: number }
  staticAccounts: readonly Address[]
  instructions: readonly {
    programAddressIndex: number
    accountIndices?: readonly number[] | undefined
    data?: ArrayLike<number> | undefined
  }[]
  addressTableLookups?: readonly unknown[] | undefined
}
type CompiledInstruction = SponsoredMessage['instructions'][number]

/** SPL Token's TransferChecked: its index, then the amount (u64, little-endian) and the mint's decimals. */
const transferCheckedIndex = 12
const transferCheckedLength = 10
/** The Associated Token program's Create (no data, or 0) and CreateIdempotent (1). */
const createIndex = 0
const createIdempotentIndex = 1

/**
 * The sponsor's check of a Solana transaction it is asked to pay the fee of: it must do nothing but move the
 * member's USDC, and optionally first create the recipient's account for it. Exactly:
 * - two signers, the sponsor first (it pays the fee) and the member; no address lookup tables;
 * - optionally, the Associated Token program's Create or CreateIdempotent of the recipient's USDC account, paid by
 *   the sponsor, with exactly the derived address, the owner, the USDC mint, the System and the Token programs;
 * - then one SPL Token `TransferChecked` of more than zero USDC (the mint, `usdcDecimals`) from the member's
 *   associated token account to the recipient's, the member its authority;
 * - the sponsor named nowhere else (never a transfer's source, authority or recipient), and no account the
 *   instructions do not use.
 *
 * Anything else (a System transfer, a compute budget, a second transfer, closing or approving or re-assigning an
 * account, any other program) could make the sponsor pay for more than the member's transfer, and is refused with a
 * `SponsoredTransferRefusal` naming it. `tokenAccount` reads a recipient's account the transaction does not create
 * from the chain (null when it does not exist), to check it is the recipient's associated USDC account.
 */
export async function checkSponsoredSolanaTransfer(
  message: SponsoredMessage,
  parties: { sponsor: Address; member: Address; usdcMint: Address; usdcDecimals: number },
  tokenAccount: (account: Address) => Promise<TokenAccountHolding | null>,
): Promise<SponsoredSolanaTransfer> {
  const { sponsor, member, usdcMint, usdcDecimals } = parties
  const refuse = (why: string): never => {
    throw new SponsoredTransferRefusal(why)
  }
  if ((message.addressTableLookups?.length ?? 0) > 0) {
    refuse('it loads accounts from address lookup tables; list every account in the message')
  }
  const accounts = message.staticAccounts
  const signers = accounts.slice(0, message.header.numSignerAccounts)
  if (signers[0] !== sponsor) {
    refuse(`its fee payer (first signer) must be the sponsor, ${sponsor}`)
  }
  if (signers.length !== 2 || signers[1] !== member) {
    refuse(`its signers must be the sponsor (${sponsor}), then this wallet (${member}), and no one else`)
  }
  // An address listed twice could name the sponsor under a second index (the runtime refuses such a message too).
  if (new Set(accounts).size !== accounts.length) refuse('it lists an account more than once')
  const instructions = message.instructions
  if (instructions.length === 0 || instructions.length > 2) {
    refuse(
      `it has ${instructions.length} instructions; a sponsored send is one USDC TransferChecked, optionally after creating the recipient's token account`,
    )
  }
  const address = (index: number): Address => {
    const found = accounts[index]
    if (found === undefined) refuse('an instruction names an account the message does not list')
    return found as Address
  }
  const used = new Set<number>()
  const program = (instruction: CompiledInstruction) => {
    used.add(instruction.programAddressIndex)
    return address(instruction.programAddressIndex)
  }

  // (a) The recipient's USDC account, created first and paid by the sponsor.
  let creates: SponsoredSolanaTransfer['creates'] = null
  let createdOwner: Address | undefined
  const transferInstruction = instructions[instructions.length - 1] as CompiledInstruction
  if (instructions.length === 2) {
    const creation = instructions[0] as CompiledInstruction
    const creator = program(creation)
    if (creator !== ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
      refuse(
        `its first instruction calls ${describeProgram(creator)}; only the creation of the recipient's USDC account (Associated Token program) may come before the transfer`,
      )
    }
    const data = new Uint8Array(creation.data ?? [])
    const kind = data.length === 0 ? createIndex : data.length === 1 ? data[0] : undefined
    if (kind !== createIndex && kind !== createIdempotentIndex) {
      refuse(
        'its Associated Token instruction is not Create or CreateIdempotent; only the recipient’s account may be created',
      )
    }
    const indices = creation.accountIndices ?? []
    if (indices.length !== 6) {
      refuse(
        `its account creation lists ${indices.length} accounts; it takes exactly the payer, the account, its owner, the mint, and the System and Token programs`,
      )
    }
    indices.forEach((index) => {
      used.add(index)
    })
    const [payer, account, owner, mint, systemProgram, tokenProgram] = indices.map(address) as [
      Address,
      Address,
      Address,
      Address,
      Address,
      Address,
    ]
    if (payer !== sponsor) refuse(`the recipient's account creation must be paid by the sponsor, ${sponsor}`)
    if ([account, owner, mint, systemProgram, tokenProgram].includes(sponsor)) {
      refuse('it names the sponsor in the account creation other than as its payer')
    }
    if (mint !== usdcMint) refuse(`it creates a token account of the mint ${mint}, not USDC (${usdcMint})`)
    if (systemProgram !== SYSTEM_PROGRAM_ADDRESS || tokenProgram !== TOKEN_PROGRAM_ADDRESS) {
      refuse('its account creation does not name the System and SPL Token programs in their places')
    }
    const derived = await associatedTokenAccount(owner as Address, usdcMint)
    if (account !== derived) {
      refuse(`it creates ${account}, which is not ${owner}'s associated USDC account (${derived})`)
    }
    creates = { account: account as Address, idempotent: kind === createIdempotentIndex }
    createdOwner = owner
  }

  // (b) One TransferChecked of USDC, from the member's associated account, the member its authority.
  const transferrer = program(transferInstruction)
  if (transferrer !== TOKEN_PROGRAM_ADDRESS) {
    refuse(
      `${instructions.length === 2 ? 'its second' : 'its'} instruction calls ${describeProgram(transferrer)}; a sponsored send is one SPL Token TransferChecked of USDC`,
    )
  }
  const data = new Uint8Array(transferInstruction.data ?? [])
  if (data[0] !== transferCheckedIndex) {
    refuse(
      `its SPL Token instruction is ${tokenInstructionName(data[0])}, not TransferChecked; the sponsor pays only for a USDC transfer`,
    )
  }
  if (data.length !== transferCheckedLength) {
    refuse(`its TransferChecked carries ${data.length} bytes of data, not ${transferCheckedLength}`)
  }
  const view = new DataView(data.buffer)
  const amount = view.getBigUint64(1, true)
  const decimals = data[9]
  const indices = transferInstruction.accountIndices ?? []
  if (indices.map(address).includes(sponsor)) {
    refuse('it names the sponsor in the transfer: the sponsor pays only the fee, never a transfer')
  }
  if (indices.length !== 4) {
    refuse(
      `its TransferChecked lists ${indices.length} accounts; it takes exactly the source, the mint, the destination and the member as authority`,
    )
  }
  indices.forEach((index) => {
    used.add(index)
  })
  const [source, mint, destination, authority] = indices.map(address) as [Address, Address, Address, Address]
  if (authority !== member) refuse(`its transfer's authority must be this wallet (${member})`)
  if (mint !== usdcMint) refuse(`it transfers the token ${mint}, not USDC (${usdcMint})`)
  if (decimals !== usdcDecimals) refuse(`its transfer says ${decimals} decimals; USDC has ${usdcDecimals}`)
  const memberAccount = await associatedTokenAccount(member, usdcMint)
  if (source !== memberAccount) {
    refuse(`its transfer leaves ${source}, not this wallet's associated USDC account (${memberAccount})`)
  }
  if (amount === 0n) refuse('its transfer moves no USDC')
  if (destination === source) refuse('its transfer goes back to the account it leaves')

  // The recipient: the owner of the account created above, else of the existing account, which must be theirs.
  let recipient: Address
  if (creates) {
    if (destination !== creates.account) {
      refuse(`its transfer goes to ${destination}, not to the account it creates (${creates.account})`)
    }
    recipient = createdOwner as Address
  } else {
    const holding = await tokenAccount(destination)
    if (holding === null) {
      refuse(
        `its transfer goes to ${destination}, which does not exist; create the recipient's USDC account in the same transaction`,
      )
    }
    const { owner, mint: heldMint } = holding as TokenAccountHolding
    if (heldMint !== usdcMint) refuse(`its transfer goes to ${destination}, which is not a USDC account`)
    const derived = await associatedTokenAccount(owner, usdcMint)
    if (destination !== derived) {
      refuse(
        `its transfer goes to ${destination}, which is not ${owner}'s associated USDC account (${derived})`,
      )
    }
    recipient = owner
  }

  // Every account listed is one the instructions use: nothing rides along (the signers are the sponsor and member).
  used.add(0)
  used.add(1)
  const unused = accounts.filter((_, index) => !used.has(index))
  if (unused.length > 0) refuse(`it lists accounts no instruction uses: ${unused.join(', ')}`)
  return { source, destination, recipient, amount, creates }
}

const knownPrograms: Record<string, string> = {
  [SYSTEM_PROGRAM_ADDRESS]: 'the System program',
  ComputeBudget111111111111111111111111111111: 'the Compute Budget program',
  [TOKEN_PROGRAM_ADDRESS]: 'the SPL Token program',
  [ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: 'the Associated Token program',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'the Token-2022 program',
}

/** A program by its name when it is a well-known one, else by its address. */
function describeProgram(program: Address): string {
  return knownPrograms[program] ?? `the program ${program}`
}

const tokenInstructionNames: Record<number, string> = {
  3: 'Transfer',
  4: 'Approve',
  5: 'Revoke',
  6: 'SetAuthority',
  7: 'MintTo',
  8: 'Burn',
  9: 'CloseAccount',
  10: 'FreezeAccount',
  13: 'ApproveChecked',
  15: 'BurnChecked',
}

/** An SPL Token instruction's name, by its first byte. */
function tokenInstructionName(index: number | undefined): string {
  return index === undefined ? 'empty' : (tokenInstructionNames[index] ?? `instruction ${index}`)
}
