import { formatTokenAmount, readableAmount } from '@charter/core'
import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import {
  identifySystemInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  identifyAssociatedTokenInstruction,
  identifyTokenInstruction,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import {
  type SignatureWarning,
  type SolanaSendCall,
  type SolanaSendRequest,
  sponsorPayer,
} from '../wallet/index.ts'

/** Solana's fee per signature; a send built here has one (the wallet's) and asks for no priority fee. */
export const lamportsPerSignature = 5000n

export type SolanaSendContext = {
  chainName: string
  /** The token Charter knows on this chain (USDC), to name it; another mint is shown by its address. */
  token: { mint: string; symbol: string } | undefined
  /** What a token account's rent exemption costs now, in lamports (`getMinimumBalanceForRentExemption(165)`). */
  tokenAccountRent: bigint
  /** The owner the Send screen meant the token for: shown when the account created is theirs. */
  recipient: string | undefined
  warnings: SignatureWarning[]
  /**
   * The sponsor's Solana address (`GET /api/v1/sponsor`): a call with `sponsor: true` may name it as its fee
   * payer, and its only other signer is the wallet. Undefined where nobody pays the member's fees.
   */
  sponsor?: string | undefined
}

const sol = (lamports: bigint) => `${formatTokenAmount(lamports, 9)} SOL`

/**
 * What the dialog shows of a Solana send, read back from the very wire transaction that is posted: each
 * instruction decoded (a SOL transfer, a create-associated-token-account-idempotent, a `TransferChecked`), the
 * amount and recipient in full, the rent of an account it creates, the fee and the totals. An instruction Charter
 * cannot read, a second signer, or a payer other than the wallet makes it a refusal: the Send screen never
 * builds one, so it is not what the person asked for. A sponsored call (`sponsor: true`) is the one exception:
 * its fee payer, and the payer of the account it creates, is the sponsor's address (`context.sponsor`), which
 * pays the fee and the rent; it may move nothing but the token, so a SOL transfer in it is a refusal too.
 */
export function describeSolanaSend(
  call: SolanaSendCall,
  address: string,
  context: SolanaSendContext,
): SolanaSendRequest {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(call.params.transaction))
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  const message = decompileTransactionMessage(compiled)
  const instructions: string[] = []
  let refusal: string | undefined
  let amount = ''
  // What moves as a person reads it (the exact `amount` goes under Details).
  let readable = ''
  let to = ''
  let toTokenAccount: string | undefined
  let created: { account: string; owner: string } | undefined
  let lamportsOut = 0n
  let tokensOut: string | undefined
  const signers = Object.keys(transaction.signatures)
  const sponsor = call.sponsor === true ? context.sponsor : undefined
  const sponsored =
    sponsor !== undefined &&
    message.feePayer.address === sponsor &&
    signers.length === 2 &&
    signers[0] === sponsor &&
    signers[1] === address
  if (
    !sponsored &&
    (signers.length !== 1 || signers[0] !== address || message.feePayer.address !== address)
  ) {
    refusal =
      'This transaction needs a signer or a fee payer other than your wallet. Charter will not sign it.'
  }
  for (const instruction of message.instructions) {
    const program = instruction.programAddress
    const data = instruction as Parameters<typeof parseTransferSolInstruction>[0]
    if (
      program === SYSTEM_PROGRAM_ADDRESS &&
      identifySystemInstruction(data) === SystemInstruction.TransferSol
    ) {
      const parsed = parseTransferSolInstruction(data)
      if (sponsored) refusal = 'A send whose fee Charter pays moves only USDC. Charter will not sign it.'
      lamportsOut += parsed.data.amount
      amount = sol(parsed.data.amount)
      readable = `${readableAmount(parsed.data.amount, 9)} SOL`
      to = parsed.accounts.destination.address
      instructions.push(`Transfer ${amount} to ${to}`)
    } else if (
      program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS &&
      identifyAssociatedTokenInstruction(data) === AssociatedTokenInstruction.CreateAssociatedTokenIdempotent
    ) {
      const parsed = parseCreateAssociatedTokenIdempotentInstruction(data as never)
      created = { account: parsed.accounts.ata.address, owner: parsed.accounts.owner.address }
      const payer = parsed.accounts.payer.address
      if (sponsored && payer !== sponsor) {
        refusal =
          'This transaction has your wallet pay for an account Charter was to pay for. Charter will not sign it.'
      }
      if (!sponsored) lamportsOut += context.tokenAccountRent
      instructions.push(
        `Create the token account ${created.account} of ${created.owner} (if it does not exist), paying its rent`,
      )
    } else if (
      program === TOKEN_PROGRAM_ADDRESS &&
      identifyTokenInstruction(data) === TokenInstruction.TransferChecked
    ) {
      const parsed = parseTransferCheckedInstruction(data as never)
      const mint = parsed.accounts.mint.address
      const symbol = context.token?.mint === mint ? context.token.symbol : `of token ${mint}`
      amount = `${formatTokenAmount(parsed.data.amount, parsed.data.decimals)} ${symbol}`
      readable = `${readableAmount(parsed.data.amount, parsed.data.decimals)} ${symbol}`
      tokensOut = amount
      toTokenAccount = parsed.accounts.destination.address
      // The owner is known for sure only from the account this transaction creates for them; otherwise the
      // Send screen's recipient, whose associated account it was built from, is named.
      to = created?.account === toTokenAccount ? created.owner : (context.recipient ?? toTokenAccount)
      instructions.push(`Transfer ${amount} to the token account ${toTokenAccount}`)
    } else {
      refusal = `This transaction calls program ${program} in a way Charter cannot read. Charter will not sign it.`
      instructions.push(`A call to program ${program} Charter cannot read`)
    }
  }
  const fee = lamportsPerSignature * BigInt(Math.max(signers.length, 1))
  const feePaidBy = sponsored ? sponsorPayer : undefined
  // What leaves the wallet in SOL: the fee and the rent, unless the sponsor pays them.
  const solOut = lamportsOut + (sponsored ? 0n : fee)
  return {
    kind: 'solana-send',
    address,
    chainName: context.chainName,
    amount,
    to,
    toTokenAccount,
    rent: created ? sol(context.tokenAccountRent) : undefined,
    fee: sol(fee),
    totals: [...(tokensOut ? [tokensOut] : []), ...(solOut > 0n || !tokensOut ? [sol(solOut)] : [])],
    instructions,
    transfer:
      refusal === undefined && to !== ''
        ? {
            amount: readable,
            exactAmount: amount,
            to,
            chainType: 'solana',
            fee: sponsored ? undefined : `${readableAmount(fee, 9)} SOL`,
            feePaidBy,
          }
        : undefined,
    feePaidBy,
    warnings: context.warnings,
    refusal,
  }
}
