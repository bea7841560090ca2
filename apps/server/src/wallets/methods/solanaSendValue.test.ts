import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { beforeAll, describe, expect, it } from 'vitest'
import { SolanaSigningError } from './SolanaSigningError.ts'
import { readSolanaSend, solanaSendValue } from './solanaSendValue.ts'

const usdcMint = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU' as Address
let wallet: Address
let other: Address
let to: Address
let walletUsdc: Address

const ata = async (owner: Address, mint = usdcMint) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]

function wire(instructions: Instruction[], feePayer: Address = wallet): string {
  return getBase64EncodedWireTransaction(
    compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayer(feePayer, message),
        (message) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n },
            message,
          ),
        (message) => appendTransactionMessageInstructions(instructions, message),
      ),
    ),
  )
}

const movedBy = (transaction: string) => solanaSendValue(transaction, { wallet, usdcMint })

beforeAll(async () => {
  wallet = (await generateKeyPairSigner()).address
  other = (await generateKeyPairSigner()).address
  to = (await generateKeyPairSigner()).address
  walletUsdc = await ata(wallet)
})

describe('solanaSendValue', () => {
  it('counts System transfers and created accounts paid from the wallet, not from another signer', async () => {
    const newAccount = await generateKeyPairSigner()
    const transaction = wire([
      getTransferSolInstruction({ source: createNoopSigner(wallet), destination: to, amount: 500n }),
      getTransferSolInstruction({ source: createNoopSigner(wallet), destination: other, amount: 20n }),
      getTransferSolInstruction({ source: createNoopSigner(other), destination: wallet, amount: 7_000n }),
      getCreateAccountInstruction({
        payer: createNoopSigner(wallet),
        newAccount,
        lamports: 3n,
        space: 0,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
    ])
    expect(await movedBy(transaction)).toEqual({ native: 523n, usdc: 0n })
  })

  it('counts USDC moved from the wallet: Transfer from its USDC account, TransferChecked of the USDC mint', async () => {
    const destination = await ata(to)
    const transaction = wire([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: createNoopSigner(wallet),
        ata: destination,
        owner: to,
        mint: usdcMint,
      }),
      getTransferCheckedInstruction({
        source: walletUsdc,
        mint: usdcMint,
        destination,
        authority: createNoopSigner(wallet),
        amount: 2_500_000n,
        decimals: 6,
      }),
      getTransferInstruction({
        source: walletUsdc,
        destination,
        authority: createNoopSigner(wallet),
        amount: 1n,
      }),
    ])
    expect(await movedBy(transaction)).toEqual({ native: 0n, usdc: 2_500_001n })
    const reading = readSolanaSend(new Uint8Array(Buffer.from(transaction, 'base64')), {
      wallet,
      usdcMint,
      usdcAccount: walletUsdc,
    })
    expect(reading.createdTokenAccounts).toEqual([
      { account: destination, owner: to, mint: usdcMint, idempotent: true },
    ])
    expect(reading.usdc.map((each) => each.destination)).toEqual([destination, destination])
    expect(reading.signers).toEqual([wallet])
  })

  it('does not count another mint, nor a token account another owner authorises', async () => {
    const otherMint = (await generateKeyPairSigner()).address
    const transaction = wire([
      getTransferCheckedInstruction({
        source: await ata(wallet, otherMint),
        mint: otherMint,
        destination: await ata(to, otherMint),
        authority: createNoopSigner(wallet),
        amount: 9n,
        decimals: 6,
      }),
      getTransferInstruction({
        source: await ata(other),
        destination: await ata(to),
        authority: createNoopSigner(other),
        amount: 9n,
      }),
    ])
    expect(await movedBy(transaction)).toEqual({ native: 0n, usdc: 0n })
    // Without a USDC mint on the cluster, no transfer is USDC.
    expect(
      await solanaSendValue(
        wire([
          getTransferCheckedInstruction({
            source: walletUsdc,
            mint: usdcMint,
            destination: await ata(to),
            authority: createNoopSigner(wallet),
            amount: 4n,
            decimals: 6,
          }),
        ]),
        { wallet, usdcMint: null },
      ),
    ).toEqual({ native: 0n, usdc: 0n })
  })

  it('refuses bytes that are no Solana transaction, naming the param', async () => {
    for (const garbage of ['AAAA', Buffer.from('hello world, not a transaction').toString('base64')]) {
      await expect(movedBy(garbage)).rejects.toThrow(SolanaSigningError)
      await expect(movedBy(garbage)).rejects.toThrow(/^transaction: not a Solana wire transaction/)
    }
    // A whole transaction with bytes after it is refused too.
    const padded = Buffer.concat([
      Buffer.from(
        wire([getTransferSolInstruction({ source: createNoopSigner(wallet), destination: to, amount: 1n })]),
        'base64',
      ),
      Buffer.from([0]),
    ]).toString('base64')
    await expect(movedBy(padded)).rejects.toThrow(/not a Solana wire transaction/)
  })
})
