import type { SolanaTransactionReading } from '@charter/core'
import type { Address } from '@solana/kit'
import { getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { ServedChain } from '../../../chains/ServedChain.ts'
import { WalletApiError } from '../../../http/WalletApiError.ts'
import type { Sponsor } from '../../../sponsor/Sponsor.ts'
import type { ChainRpc } from '../chainRpc.ts'
import { nodeCall } from '../nodeCall.ts'
import {
  checkSponsoredSolanaTransfer,
  type SponsoredSolanaTransfer,
  SponsoredTransferRefusal,
  type TokenAccountHolding,
} from './sponsoredSolanaTransfer.ts'

/** A Solana send the sponsor pays the fee of: its address (the fee payer), and the one transfer it pays for. */
export type SolanaSponsorship = { sponsor: Address; transfer: SponsoredSolanaTransfer }

const refuse = (message: string) => new WalletApiError(-32602, 400, message)

/**
 * Whether the sponsor pays this Solana send, answered 400 in plain words when it will not: the member is not one
 * whose fees are paid, the cluster has no USDC, the fee payer is not the sponsor, or the transaction does more
 * than the member's USDC transfer (`checkSponsoredSolanaTransfer`, whose reads of the recipient's account go to
 * the chain). Nothing is reserved or signed here.
 */
export async function solanaSponsorship(input: {
  sponsor: Sponsor
  userId: string
  chain: ServedChain
  rpc: ChainRpc
  reading: SolanaTransactionReading
  wallet: Address
}): Promise<SolanaSponsorship> {
  const { chain, rpc, reading, wallet } = input
  const sponsor = input.sponsor.address('solana') as Address | undefined
  if (sponsor === undefined || !(await input.sponsor.covers(input.userId))) {
    throw refuse(
      'Charter does not pay network fees for this account. Send without sponsor: true, with this wallet as the fee payer and a little SOL for the fee.',
    )
  }
  const usdc = chain.info.usdc
  if (usdc === null) {
    throw refuse(
      `Charter pays the network fee of USDC sends only, and there is no USDC on ${chain.info.name}. Send without sponsor: true.`,
    )
  }
  const feePayer = reading.signers[0]
  if (feePayer !== sponsor) {
    throw refuse(
      `params.transaction: a send whose fee Charter pays names Charter's fee payer, ${sponsor}, as its fee payer (first signer), and this wallet only as the owner of the USDC; its fee payer is ${feePayer}.`,
    )
  }
  try {
    const transfer = await checkSponsoredSolanaTransfer(
      reading.message,
      { sponsor, member: wallet, usdcMint: usdc.address as Address, usdcDecimals: usdc.decimals },
      (account) => tokenAccountHolding(rpc, account),
    )
    return { sponsor, transfer }
  } catch (error) {
    if (!(error instanceof SponsoredTransferRefusal)) throw error
    throw refuse(
      `params.transaction: Charter pays the network fee of a USDC transfer only (and the creation of the recipient's USDC account), and ${error.message}.`,
    )
  }
}

/**
 * The rent the sponsor may pay for the recipient's account the transfer creates, reserved and counted as fee spent
 * whether or not the account exists now: a recipient can close it between this check and the landing, and the
 * idempotent creation then makes it again at the sponsor's cost, its rent going back to the recipient when they
 * close it once more. Reserving it every time keeps that inside the member's allowance.
 */
export async function sponsoredRent(rpc: ChainRpc, transfer: SponsoredSolanaTransfer): Promise<bigint> {
  if (transfer.creates === null) return 0n
  return BigInt(await nodeCall<number | string>(rpc, 'getMinimumBalanceForRentExemption', [getTokenSize()]))
}

/** An account as the chain knows it: null when it does not exist; its mint null when it is no token account. */
async function tokenAccountHolding(rpc: ChainRpc, account: Address): Promise<TokenAccountHolding | null> {
  const found = await nodeCall<{
    value: {
      owner: string
      data?: { program?: string; parsed?: { type?: string; info?: { owner?: string; mint?: string } } }
    } | null
  }>(rpc, 'getAccountInfo', [account, { encoding: 'jsonParsed', commitment: 'confirmed' }])
  if (found.value === null) return null
  const parsed = found.value.data?.parsed
  if (
    found.value.owner !== TOKEN_PROGRAM_ADDRESS ||
    parsed?.type !== 'account' ||
    parsed.info?.owner === undefined
  ) {
    return { owner: account, mint: null }
  }
  return { owner: parsed.info.owner as Address, mint: (parsed.info.mint ?? null) as Address | null }
}
