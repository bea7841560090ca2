import { readSolanaTransaction } from '@charter/core'
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  AuthorityType,
  findAssociatedTokenPda,
  getApproveInstruction,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getCreateAssociatedTokenInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  checkSponsoredSolanaTransfer,
  type SponsoredMessage,
  SponsoredTransferRefusal,
  type TokenAccountHolding,
} from './sponsoredSolanaTransfer.ts'

const usdcMint = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU' as Address
const otherMint = 'So11111111111111111111111111111111111111112' as Address
const toFill = '11111111111111111111111111111111' as Blockhash

let sponsor: Address
let member: Address
let recipient: Address
let stranger: Address

const ataOf = async (owner: Address, mint = usdcMint) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
const signer = (address: Address) => createNoopSigner(address)

/** A message the tests may bend into what a hand-written one could say. */
type Bendable = { -readonly [Part in keyof SponsoredMessage]: SponsoredMessage[Part] }

/** The transaction a client's @solana/kit compiles: the sponsor pays unless told otherwise. */
const compiledOf = (instructions: Instruction[], feePayer: Address = sponsor) =>
  compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayer(feePayer, message),
      (message) =>
        setTransactionMessageLifetimeUsingBlockhash({ blockhash: toFill, lastValidBlockHeight: 0n }, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  )

/** Its message, as the server decodes it from the wire. */
function messageOf(instructions: Instruction[], feePayer: Address = sponsor): Bendable {
  const compiled = compiledOf(instructions, feePayer)
  const decoded = getCompiledTransactionMessageDecoder().decode(compiled.messageBytes)
  return structuredClone(decoded) as Bendable
}

/** What the chain says of existing token accounts: the recipient's USDC account exists, nothing else. */
let existing: Map<Address, TokenAccountHolding>
const onChain = async (account: Address) => existing.get(account) ?? null

const check = (message: ReturnType<typeof messageOf>, decimals = 6) =>
  checkSponsoredSolanaTransfer(message, { sponsor, member, usdcMint, usdcDecimals: decimals }, onChain)

async function transfer(
  options: {
    to?: Address
    amount?: bigint
    decimals?: number
    mint?: Address
    source?: Address
    destination?: Address
    authority?: Address
  } = {},
) {
  const mint = options.mint ?? usdcMint
  return getTransferCheckedInstruction({
    source: options.source ?? (await ataOf(member, mint)),
    mint,
    destination: options.destination ?? (await ataOf(options.to ?? recipient, mint)),
    authority: signer(options.authority ?? member),
    amount: options.amount ?? 2_500_000n,
    decimals: options.decimals ?? 6,
  })
}

async function creation(options: { owner?: Address; payer?: Address; mint?: Address; ata?: Address } = {}) {
  const owner = options.owner ?? recipient
  const mint = options.mint ?? usdcMint
  return getCreateAssociatedTokenIdempotentInstruction({
    payer: signer(options.payer ?? sponsor),
    ata: options.ata ?? (await ataOf(owner, mint)),
    owner,
    mint,
  })
}

/** Expects the check to refuse, with words matching `why`. */
async function refused(message: ReturnType<typeof messageOf>, why: RegExp) {
  const error = await check(message).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(SponsoredTransferRefusal)
  expect((error as Error).message).toMatch(why)
}

beforeAll(async () => {
  const [first, second, third, fourth] = await Promise.all([1, 2, 3, 4].map(() => generateKeyPairSigner()))
  if (!first || !second || !third || !fourth) throw new Error('no key pairs')
  ;[sponsor, member, recipient, stranger] = [first.address, second.address, third.address, fourth.address]
  existing = new Map([[await ataOf(recipient), { owner: recipient, mint: usdcMint }]])
})

describe('the sponsor’s check of a Solana transaction', () => {
  it('takes one TransferChecked of USDC from the member’s account to the recipient’s existing one', async () => {
    expect(await check(messageOf([await transfer()]))).toEqual({
      source: await ataOf(member),
      destination: await ataOf(recipient),
      recipient,
      amount: 2_500_000n,
      creates: null,
    })
  })

  it('takes the recipient’s account created first, idempotently or not, paid by the sponsor', async () => {
    const newcomer = (await generateKeyPairSigner()).address
    const account = await ataOf(newcomer)
    expect(
      await check(messageOf([await creation({ owner: newcomer }), await transfer({ to: newcomer })])),
    ).toEqual({
      source: await ataOf(member),
      destination: account,
      recipient: newcomer,
      amount: 2_500_000n,
      creates: { account, idempotent: true },
    })
    const plainCreate = getCreateAssociatedTokenInstruction({
      payer: signer(sponsor),
      ata: account,
      owner: newcomer,
      mint: usdcMint,
    })
    expect((await check(messageOf([plainCreate, await transfer({ to: newcomer })]))).creates).toEqual({
      account,
      idempotent: false,
    })
  })

  it('leaves the member, as the reader weighs a send, moving only the USDC: the fee and the rent are the sponsor’s', async () => {
    const newcomer = (await generateKeyPairSigner()).address
    const compiled = compiledOf([await creation({ owner: newcomer }), await transfer({ to: newcomer })])
    const reading = readSolanaTransaction(
      new Uint8Array(Buffer.from(getBase64EncodedWireTransaction(compiled), 'base64')),
      { wallet: member, usdcMint, usdcAccount: await ataOf(member) },
    )
    expect(reading).toMatchObject({
      signers: [sponsor, member],
      native: [],
      createdTokenAccounts: [],
      unmeasured: [],
      usdc: [{ destination: await ataOf(newcomer), amount: 2_500_000n }],
    })
  })

  it('refuses a fee payer other than the sponsor, and signers other than the sponsor and the member', async () => {
    await refused(messageOf([await transfer()], member), /fee payer \(first signer\) must be the sponsor/)
    await refused(
      messageOf([
        await transfer(),
        getTransferSolInstruction({ source: signer(stranger), destination: recipient, amount: 1n }),
      ]),
      /signers must be the sponsor .+ then this wallet .+ and no one else/,
    )
    // The member not signing at all: a transfer whose authority is someone else.
    await refused(messageOf([await transfer({ authority: stranger })]), /signers must be the sponsor/)
  })

  it('refuses a System transfer draining the sponsor, alone or beside the transfer', async () => {
    const drain = getTransferSolInstruction({
      source: signer(sponsor),
      destination: member,
      amount: 1_000_000_000n,
    })
    await refused(messageOf([drain, await transfer()]), /first instruction calls the System program/)
    await refused(messageOf([await transfer(), drain]), /first instruction calls the SPL Token program/)
    await refused(messageOf([await creation(), await transfer(), drain]), /it has 3 instructions/)
  })

  it('refuses a compute budget (a priority fee the sponsor would pay), a memo, and any other program', async () => {
    const priority: Instruction = {
      programAddress: 'ComputeBudget111111111111111111111111111111' as Address,
      data: new Uint8Array([3, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]),
    }
    await refused(
      messageOf([priority, await transfer()]),
      /first instruction calls the Compute Budget program/,
    )
    const memo: Instruction = {
      programAddress: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address,
      data: new TextEncoder().encode('hi'),
    }
    await refused(messageOf([await transfer(), memo]), /calls the SPL Token program/)
    const signedMemo = { ...memo, accounts: [{ address: member, role: AccountRole.READONLY_SIGNER }] }
    await refused(messageOf([signedMemo]), /its instruction calls the program MemoSq4g/)
    const token2022 = {
      ...(await transfer()),
      programAddress: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address,
    }
    await refused(messageOf([token2022]), /calls the Token-2022 program/)
    const empty = messageOf([await transfer()])
    empty.instructions = []
    await refused(empty, /it has 0 instructions/)
  })

  it('refuses a second transfer, a close, an approval, a new authority, or a plain Transfer', async () => {
    await refused(
      messageOf([await transfer(), await transfer({ amount: 1n })]),
      /first instruction calls the SPL Token/,
    )
    const source = await ataOf(member)
    const close = getCloseAccountInstruction({ account: source, destination: member, owner: signer(member) })
    await refused(messageOf([close]), /its SPL Token instruction is CloseAccount, not TransferChecked/)
    const approve = getApproveInstruction({ source, delegate: stranger, owner: signer(member), amount: 1n })
    await refused(messageOf([approve]), /is Approve, not TransferChecked/)
    const setAuthority = getSetAuthorityInstruction({
      owned: source,
      owner: signer(member),
      authorityType: AuthorityType.AccountOwner,
      newAuthority: stranger,
    })
    await refused(messageOf([setAuthority]), /is SetAuthority, not TransferChecked/)
    const plain = getTransferInstruction({
      source,
      destination: await ataOf(recipient),
      authority: signer(member),
      amount: 1n,
    })
    await refused(messageOf([plain]), /is Transfer, not TransferChecked/)
  })

  it('refuses the sponsor anywhere but as fee payer and the creation’s payer', async () => {
    // The sponsor's own USDC as the source, the sponsor the authority: the member need not even sign.
    const sponsorsOwn = await transfer({ source: await ataOf(sponsor), authority: sponsor })
    await refused(messageOf([sponsorsOwn]), /signers must be the sponsor .+ then this wallet/)
    // The same with the member signing along (as a multisig's signer would).
    await refused(
      messageOf([
        {
          ...sponsorsOwn,
          accounts: [...(sponsorsOwn.accounts ?? []), { address: member, role: AccountRole.READONLY_SIGNER }],
        },
      ]),
      /names the sponsor in the transfer/,
    )
    // The sponsor's account created for the sponsor (its rent is the sponsor's own money).
    await refused(
      messageOf([await creation({ owner: sponsor }), await transfer({ to: sponsor })]),
      /names the sponsor in the account creation other than as its payer/,
    )
    // The sponsor as the destination account itself.
    await refused(messageOf([await transfer({ destination: sponsor })]), /names the sponsor in the transfer/)
  })

  it('refuses another mint, other decimals, another source, no amount, and a transfer back to the source', async () => {
    await refused(
      messageOf([await transfer({ mint: otherMint })]),
      /it transfers the token So111.+, not USDC/,
    )
    await refused(messageOf([await transfer({ decimals: 9 })]), /says 9 decimals; USDC has 6/)
    const elsewhere = (await generateKeyPairSigner()).address
    await refused(
      messageOf([await transfer({ source: elsewhere })]),
      /leaves .+, not this wallet's associated USDC account/,
    )
    await refused(messageOf([await transfer({ amount: 0n })]), /moves no USDC/)
    existing.set(await ataOf(member), { owner: member, mint: usdcMint })
    await refused(messageOf([await transfer({ to: member })]), /goes back to the account it leaves/)
  })

  it('refuses a token account that is not the derived one, created or existing', async () => {
    const newcomer = (await generateKeyPairSigner()).address
    const notDerived = (await generateKeyPairSigner()).address
    await refused(
      messageOf([
        await creation({ owner: newcomer, ata: notDerived }),
        await transfer({ destination: notDerived }),
      ]),
      new RegExp(`creates ${notDerived}, which is not ${newcomer}'s associated USDC account`),
    )
    await refused(
      messageOf([await creation({ owner: newcomer, mint: otherMint }), await transfer({ to: newcomer })]),
      /creates a token account of the mint So111/,
    )
    await refused(
      messageOf([await creation({ owner: newcomer, payer: member }), await transfer({ to: newcomer })]),
      /creation must be paid by the sponsor/,
    )
    await refused(
      messageOf([await creation({ owner: newcomer }), await transfer({ to: recipient })]),
      /not to the account it creates/,
    )
    // An existing token account of the recipient that is not their associated one, or not of USDC.
    existing.set(notDerived, { owner: recipient, mint: usdcMint })
    await refused(
      messageOf([await transfer({ destination: notDerived })]),
      new RegExp(`goes to ${notDerived}, which is not ${recipient}'s associated USDC account`),
    )
    const wrapped = (await generateKeyPairSigner()).address
    existing.set(wrapped, { owner: recipient, mint: otherMint })
    await refused(messageOf([await transfer({ destination: wrapped })]), /which is not a USDC account/)
    await refused(
      messageOf([await transfer({ to: newcomer })]),
      /which does not exist; create the recipient's/,
    )
  })

  it('refuses a creation of another kind or with other accounts, and a transfer with a multisig’s signers', async () => {
    const recover = { ...(await creation()), data: new Uint8Array([2]) }
    await refused(messageOf([recover, await transfer()]), /not Create or CreateIdempotent/)
    const base = await creation()
    const swapped: Instruction = {
      ...base,
      accounts: [
        ...(base.accounts ?? []).slice(0, 4),
        { address: TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
        { address: '11111111111111111111111111111111' as Address, role: AccountRole.READONLY },
      ],
    }
    await refused(messageOf([swapped, await transfer()]), /does not name the System and SPL Token programs/)
    const longer: Instruction = {
      ...base,
      accounts: [...(base.accounts ?? []), { address: stranger, role: AccountRole.WRITABLE }],
    }
    await refused(messageOf([longer, await transfer()]), /creation lists 7 accounts/)
    const multisig = await transfer()
    await refused(
      messageOf([
        {
          ...multisig,
          accounts: [...(multisig.accounts ?? []), { address: stranger, role: AccountRole.READONLY }],
        },
      ]),
      /TransferChecked lists 5 accounts/,
    )
    const longData = { ...multisig, data: new Uint8Array([...(multisig.data ?? []), 0]) }
    await refused(messageOf([longData]), /carries 11 bytes of data, not 10/)
  })

  it('refuses address lookup tables, an account listed twice, and an account no instruction uses', async () => {
    const withTables = messageOf([await transfer()])
    withTables.addressTableLookups = [
      { lookupTableAddress: stranger, writableIndexes: [0], readonlyIndexes: [] },
    ]
    await refused(withTables, /address lookup tables/)
    const twice = messageOf([await transfer()])
    twice.staticAccounts = [...twice.staticAccounts, sponsor]
    await refused(twice, /lists an account more than once/)
    const riding = messageOf([await transfer()])
    riding.staticAccounts = [...riding.staticAccounts, stranger]
    await refused(riding, new RegExp(`lists accounts no instruction uses: ${stranger}`))
  })
})
