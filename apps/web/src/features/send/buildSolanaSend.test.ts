import {
  address,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import { parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { buildSolanaSend, tokenAccountOf, unsetBlockhash } from './buildSolanaSend.ts'
import { describeSolanaSend } from './describeSolanaSend.ts'

const usdcMint = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'

/** The wire transaction read back: its signatures, and its message with every instruction and account. */
function decode(wire: string) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire))
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  return { transaction, message: decompileTransactionMessage(compiled) }
}

async function twoWallets() {
  const [from, to] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])
  return { from: from.address, to: to.address }
}

describe('a Solana send built in the browser', () => {
  it('SOL: one System transfer, the wallet the only signer and fee payer, no signature yet, the blockhash left to the server', async () => {
    const { from, to } = await twoWallets()
    const wire = await buildSolanaSend({ from, to, asset: { kind: 'native', lamports: 250_000_000n } })
    const { transaction, message } = decode(wire)

    expect(Object.keys(transaction.signatures)).toEqual([from])
    expect(transaction.signatures[address(from)]).toBeNull()
    expect(message.feePayer.address).toBe(from)
    expect(message.lifetimeConstraint).toMatchObject({ blockhash: unsetBlockhash })
    expect(message.instructions).toHaveLength(1)
    const [transfer] = message.instructions
    expect(transfer?.programAddress).toBe(SYSTEM_PROGRAM_ADDRESS)
    const parsed = parseTransferSolInstruction(transfer as never)
    expect(parsed.accounts.source.address).toBe(from)
    expect(parsed.accounts.destination.address).toBe(to)
    expect(parsed.data.amount).toBe(250_000_000n)
  })

  it('USDC to a recipient without a token account: create it (idempotent) first, then TransferChecked between the associated accounts', async () => {
    const { from, to } = await twoWallets()
    const wire = await buildSolanaSend({
      from,
      to,
      asset: { kind: 'token', mint: usdcMint, decimals: 6, amount: 2_500_000n, createRecipientAccount: true },
    })
    const { message } = decode(wire)
    const [create, transfer] = message.instructions
    expect(message.instructions).toHaveLength(2)
    const [fromAccount] = await tokenAccountOf(address(from), address(usdcMint))
    const [toAccount] = await tokenAccountOf(address(to), address(usdcMint))

    expect(create?.programAddress).toBe(ASSOCIATED_TOKEN_PROGRAM_ADDRESS)
    const created = parseCreateAssociatedTokenIdempotentInstruction(create as never)
    expect(created.accounts.payer.address).toBe(from)
    expect(created.accounts.owner.address).toBe(to)
    expect(created.accounts.mint.address).toBe(usdcMint)
    expect(created.accounts.ata.address).toBe(toAccount)

    expect(transfer?.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
    const moved = parseTransferCheckedInstruction(transfer as never)
    expect(moved.accounts.source.address).toBe(fromAccount)
    expect(moved.accounts.destination.address).toBe(toAccount)
    expect(moved.accounts.authority.address).toBe(from)
    expect(moved.accounts.mint.address).toBe(usdcMint)
    expect(moved.data).toMatchObject({ amount: 2_500_000n, decimals: 6 })
  })

  it('USDC to a recipient who has the account: the transfer alone', async () => {
    const { from, to } = await twoWallets()
    const wire = await buildSolanaSend({
      from,
      to,
      asset: { kind: 'token', mint: usdcMint, decimals: 6, amount: 1n, createRecipientAccount: false },
    })
    const { message } = decode(wire)
    expect(Array.from(message.instructions, (one: { programAddress: string }) => one.programAddress)).toEqual(
      [TOKEN_PROGRAM_ADDRESS],
    )
  })
})

describe('the dialog’s reading of a Solana send', () => {
  const context = (recipient: string) => ({
    chainName: 'Solana Devnet',
    token: { mint: usdcMint, symbol: 'USDC' },
    tokenAccountRent: 2_039_280n,
    recipient,
    warnings: [],
  })
  const call = (transaction: string) =>
    ({
      method: 'signAndSendTransaction',
      caip2: 'solana:x',
      params: { transaction, encoding: 'base64' },
    }) as const

  it('USDC with a new account: the amount, the owner in full, the rent, the fee and both totals', async () => {
    const { from, to } = await twoWallets()
    const wire = await buildSolanaSend({
      from,
      to,
      asset: { kind: 'token', mint: usdcMint, decimals: 6, amount: 2_500_000n, createRecipientAccount: true },
    })
    const [toAccount] = await tokenAccountOf(address(to), address(usdcMint))
    expect(describeSolanaSend(call(wire), from, context(to))).toMatchObject({
      kind: 'solana-send',
      amount: '2.5 USDC',
      to,
      toTokenAccount: toAccount,
      rent: '0.00203928 SOL',
      fee: '0.000005 SOL',
      totals: ['2.5 USDC', '0.00204428 SOL'],
      refusal: undefined,
    })
  })

  it('SOL: the amount and recipient; a transaction for another signer is refused', async () => {
    const { from, to } = await twoWallets()
    const wire = await buildSolanaSend({ from, to, asset: { kind: 'native', lamports: 100_000_000n } })
    expect(describeSolanaSend(call(wire), from, context(to))).toMatchObject({
      amount: '0.1 SOL',
      to,
      totals: ['0.100005 SOL'],
      rent: undefined,
      refusal: undefined,
    })
    expect(describeSolanaSend(call(wire), to, context(to)).refusal).toMatch(/other than your wallet/)
  })

  it('sponsored: the sponsor pays the fee and the new account’s rent and signs first, the wallet signs as owner; only USDC moves', async () => {
    const { from, to } = await twoWallets()
    const sponsor = (await generateKeyPairSigner()).address
    const token = { kind: 'token', mint: usdcMint, decimals: 6, amount: 10_000_000n } as const
    const wire = await buildSolanaSend({
      from,
      to,
      asset: { ...token, createRecipientAccount: true },
      feePayer: sponsor,
    })
    const { transaction, message } = decode(wire)
    expect(Object.keys(transaction.signatures)).toEqual([sponsor, from])
    expect(message.feePayer.address).toBe(sponsor)
    const [create, transfer] = message.instructions
    expect(parseCreateAssociatedTokenIdempotentInstruction(create as never).accounts.payer.address).toBe(
      sponsor,
    )
    expect(parseTransferCheckedInstruction(transfer as never).accounts.authority.address).toBe(from)

    const sponsoredCall = { ...call(wire), sponsor: true as const }
    expect(describeSolanaSend(sponsoredCall, from, { ...context(to), sponsor })).toMatchObject({
      amount: '10 USDC',
      to,
      feePaidBy: 'Charter',
      totals: ['10 USDC'],
      transfer: { amount: '10 USDC', fee: undefined, feePaidBy: 'Charter' },
      refusal: undefined,
    })
    // Not asked for, or a fee payer that is not the sponsor: another signer, refused as before.
    expect(describeSolanaSend(call(wire), from, { ...context(to), sponsor }).refusal).toMatch(
      /other than your wallet/,
    )
    expect(describeSolanaSend(sponsoredCall, from, { ...context(to), sponsor: to }).refusal).toMatch(
      /other than your wallet/,
    )
    expect(describeSolanaSend(sponsoredCall, from, context(to)).refusal).toMatch(/other than your wallet/)

    // The sponsor pays for nothing else: SOL moved under it is refused, whoever sends it.
    const sol = await buildSolanaSend({
      from,
      to,
      asset: { kind: 'native', lamports: 1n },
      feePayer: sponsor,
    })
    expect(
      describeSolanaSend({ ...call(sol), sponsor: true }, from, { ...context(to), sponsor }).refusal,
    ).toMatch(/moves only USDC/)
  })
})
