import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'

/**
 * The all-zero blockhash (32 zero bytes in base58): the server puts the chain's latest in its place when it signs,
 * so a transaction built here never expires while the person reads the dialog.
 */
export const unsetBlockhash = blockhash('11111111111111111111111111111111')

/** What a Solana send moves: SOL in lamports, or a token (USDC) in base units with its mint and decimals. */
export type SolanaSendAsset =
  | { kind: 'native'; lamports: bigint }
  | {
      kind: 'token'
      mint: string
      decimals: number
      amount: bigint
      /** The recipient has no token account of this mint yet: the transaction creates it first (idempotent). */
      createRecipientAccount: boolean
    }

/**
 * A Solana send as the wallet API takes it: a base64 wire transaction with the wallet as its only signer and fee
 * payer, the signature left empty and the blockhash all zeros (the server fills both). SOL goes by the System
 * program's transfer; a token by `TransferChecked` from the owner's associated token account to the recipient's,
 * after a create-associated-token-account-idempotent instruction when the recipient has none. With a `feePayer`
 * (the sponsor's address, for a sponsored USDC send) that address pays the fee and the new account's rent and
 * signs first; the wallet signs only as the tokens' owner.
 */
export async function buildSolanaSend(input: {
  from: string
  to: string
  asset: SolanaSendAsset
  feePayer?: string | undefined
}): Promise<string> {
  const owner = createNoopSigner(address(input.from))
  const payer = input.feePayer === undefined ? owner : createNoopSigner(address(input.feePayer))
  const to = address(input.to)
  const instructions: Instruction[] = []
  if (input.asset.kind === 'native') {
    instructions.push(
      getTransferSolInstruction({ source: owner, destination: to, amount: input.asset.lamports }),
    )
  } else {
    const mint = address(input.asset.mint)
    const [source] = await tokenAccountOf(owner.address, mint)
    const [destination] = await tokenAccountOf(to, mint)
    if (input.asset.createRecipientAccount) {
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: to, mint }),
      )
    }
    instructions.push(
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: owner,
        amount: input.asset.amount,
        decimals: input.asset.decimals,
      }),
    )
  }
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (draft) => setTransactionMessageFeePayerSigner(payer, draft),
    (draft) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: unsetBlockhash, lastValidBlockHeight: 0n },
        draft,
      ),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

/** The associated token account of `owner` for `mint` (SPL Token). */
export const tokenAccountOf = (owner: Address, mint: Address) =>
  findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
