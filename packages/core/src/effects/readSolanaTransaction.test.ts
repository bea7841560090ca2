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
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import {
  getAllocateInstruction,
  getAssignInstruction,
  getCreateAccountInstruction,
  getTransferSolInstruction,
} from '@solana-program/system'
import {
  AuthorityType,
  findAssociatedTokenPda,
  getApproveInstruction,
  getBurnCheckedInstruction,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { beforeAll, describe, expect, it } from 'vitest'
import { associatedTokenAccount, readSolanaTransaction, solanaMaxFee } from './readSolanaTransaction.ts'
import { SolanaTransactionFormatError } from './solanaWireTransaction.ts'

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

/** What a transaction moves out of the wallet, added up: lamports, USDC, and what cannot be weighed. */
async function movedBy(transaction: string, mint: Address | null = usdcMint) {
  const reading = readSolanaTransaction(new Uint8Array(Buffer.from(transaction, 'base64')), {
    wallet,
    usdcMint: mint,
    usdcAccount: mint === null ? null : await associatedTokenAccount(wallet, mint),
  })
  return {
    native: reading.native.reduce((sum, each) => sum + each.lamports, 0n),
    usdc: reading.usdc.reduce((sum, each) => sum + each.amount, 0n),
    unmeasured: reading.unmeasured,
  }
}

beforeAll(async () => {
  wallet = (await generateKeyPairSigner()).address
  other = (await generateKeyPairSigner()).address
  to = (await generateKeyPairSigner()).address
  walletUsdc = await ata(wallet)
})

describe('readSolanaTransaction', () => {
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
    expect(await movedBy(transaction)).toEqual({ native: 523n, usdc: 0n, unmeasured: [] })
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
    expect(await movedBy(transaction)).toEqual({ native: 0n, usdc: 2_500_001n, unmeasured: [] })
    const reading = readSolanaTransaction(new Uint8Array(Buffer.from(transaction, 'base64')), {
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

  it('names what could move the wallet’s value unmeasured: other programs, delegates, authorities, unnamed mints', async () => {
    const someProgram = (await generateKeyPairSigner()).address
    const transaction = wire([
      {
        programAddress: someProgram,
        accounts: [{ address: wallet, role: AccountRole.WRITABLE_SIGNER }],
        data: new Uint8Array([1]),
      },
      // A memo naming the wallet moves nothing.
      {
        programAddress: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address,
        accounts: [{ address: wallet, role: AccountRole.READONLY_SIGNER }],
        data: new Uint8Array([104, 105]),
      },
      getApproveInstruction({
        source: walletUsdc,
        delegate: to,
        owner: createNoopSigner(wallet),
        amount: 5n,
      }),
      getSetAuthorityInstruction({
        owned: walletUsdc,
        owner: createNoopSigner(wallet),
        authorityType: AuthorityType.AccountOwner,
        newAuthority: to,
      }),
      getTransferInstruction({
        source: await ata(wallet, other),
        destination: await ata(to),
        authority: createNoopSigner(wallet),
        amount: 9n,
      }),
      getAssignInstruction({ account: createNoopSigner(wallet), programAddress: someProgram }),
    ])
    const { unmeasured, native, usdc } = await movedBy(transaction)
    expect({ native, usdc }).toEqual({ native: 0n, usdc: 0n })
    expect(unmeasured).toEqual([
      `calls the program ${someProgram} with the wallet's account, which may move its funds`,
      'approves a delegate to spend from a token account',
      "changes a token account's or mint's authority",
      'a token transfer from an account whose mint it does not name (use TransferChecked)',
      'a System program instruction on the wallet other than a transfer or an account creation',
    ])
  })

  it('cannot weigh a transfer of another mint the wallet authorises, and leaves out one another owner authorises', async () => {
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
    expect(await movedBy(transaction)).toEqual({
      native: 0n,
      usdc: 0n,
      unmeasured: [`a transfer of the token ${otherMint}, which is not weighed here`],
    })
    // Without a USDC mint on the cluster, no transfer is USDC: a transfer the wallet authorises is not weighed.
    expect(
      await movedBy(
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
        null,
      ),
    ).toEqual({
      native: 0n,
      usdc: 0n,
      unmeasured: [`a transfer of the token ${usdcMint}, which is not weighed here`],
    })
  })

  it('cannot weigh data allocated in the wallet’s own account', async () => {
    const allocate = wire([getAllocateInstruction({ newAccount: createNoopSigner(wallet), space: 8n })])
    expect((await movedBy(allocate)).unmeasured).toEqual(['allocates data in the wallet’s own account'])
  })

  it('counts a fee for every signature a precompile verifies, and the priority fee at its limit', () => {
    const precompile = (count: number): Instruction => ({
      programAddress: 'Ed25519SigVerify111111111111111111111111111' as Address,
      accounts: [],
      data: new Uint8Array([count, 0]),
    })
    const price = (microLamports: bigint): Instruction => {
      const data = new Uint8Array(9)
      data[0] = 3
      new DataView(data.buffer).setBigUint64(1, microLamports, true)
      return { programAddress: 'ComputeBudget111111111111111111111111111111' as Address, accounts: [], data }
    }
    const read = (instructions: Instruction[]) =>
      readSolanaTransaction(new Uint8Array(Buffer.from(wire(instructions), 'base64')), {
        wallet,
        usdcMint,
        usdcAccount: null,
      })
    // One signature of its own and 60 verified: 61 × 5,000 lamports.
    expect(solanaMaxFee(read([precompile(60)]))).toBe(305_000n)
    // A price of 1,000,000 micro-lamports per unit, no limit set: 200,000 units for its one other instruction.
    expect(solanaMaxFee(read([price(1_000_000n), precompile(0)]))).toBe(5_000n + 200_000n)
  })

  it('cannot weigh a burn or a closed token account', async () => {
    const burn = wire([
      getBurnCheckedInstruction({
        account: walletUsdc,
        mint: usdcMint,
        authority: createNoopSigner(wallet),
        amount: 5n,
        decimals: 6,
      }),
      getCloseAccountInstruction({ account: walletUsdc, destination: to, owner: createNoopSigner(wallet) }),
    ])
    expect((await movedBy(burn)).unmeasured).toEqual(['burns tokens', 'closes a token account'])
  })

  it('refuses bytes that are no Solana transaction, naming the param', async () => {
    for (const garbage of ['AAAA', Buffer.from('hello world, not a transaction').toString('base64')]) {
      await expect(movedBy(garbage)).rejects.toThrow(SolanaTransactionFormatError)
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
