import { gasLimitWithMargin } from '@charter/core'
import { and, eq } from 'drizzle-orm'
import { encodeFunctionData, getAddress, type Hex, keccak256, parseAbi, parseSignature } from 'viem'
import { UpstreamError } from '../../../chains/UpstreamError.ts'
import { sends } from '../../../db/schema.ts'
import { WalletApiError } from '../../../http/WalletApiError.ts'
import type { SponsorReservation } from '../../../sponsor/Sponsor.ts'
import { ChainRpcError } from '../ChainRpcError.ts'
import type { ChainRpc } from '../chainRpc.ts'
import type { Sending } from '../Sending.ts'
import { broadcastSend } from './broadcastSend.ts'
import { chainFees, nodeCall } from './chainFees.ts'
import type { TransferAuthorization } from './usdcAuthorization.ts'

/** Circle's FiatTokenV2 `transferWithAuthorization`, with the signature split as (v, r, s). */
const transferWithAuthorizationAbi = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
])

/** What a sponsored USDC transfer submits: the member's signed authorisation, and the send it is recorded as. */
export type SponsoredTransfer = {
  userId: string
  wallet: { id: string; address: string }
  chainId: number
  /** The chain's name, for the words of a refusal. */
  chainName: string
  idempotencyKey: string
  /** The chain's USDC contract: what the sponsor's transaction calls. */
  usdc: Hex
  /** The member's `transfer(to, amount)` calldata as sent: its digest is the send's, so a replay compares as any. */
  transferData: Hex
  authorization: TransferAuthorization
  /** The member's EIP-712 signature of `authorization`. */
  signature: Hex
}

const refused = (message: string) => new WalletApiError(-32000, 400, message)

/** A node's revert message without its prefix: the contract's own reason, e.g. "FiatTokenV2: authorization is expired". */
const revertReason = (message: string) => message.replace(/^execution reverted:?\s*/i, '') || 'reverted'

/**
 * The sponsor submits a member's transfer authorisation: `transferWithAuthorization` on the USDC contract, from the
 * sponsor's address, with its gas estimated by the node (which runs the contract's checks: a signature it would
 * refuse is refused here, in the contract's words, before anything is reserved or recorded), fees chosen as every
 * send's, the fee reserved against the member's allowance (429 past it), then recorded and broadcast as a send of
 * the member's wallet under the sponsor's nonce (broadcastSend.ts).
 *
 * Whatever stops it before anything can have gone out gives the reservation back and calls `nothingSent` (the
 * method gives the policy's budget back there); a send whose broadcast had no answer keeps both, since it may
 * still be mined.
 */
export async function submitSponsoredTransfer(
  sending: Pick<Sending, 'db' | 'sponsor' | 'maxFeeWei'>,
  rpc: ChainRpc,
  transfer: SponsoredTransfer,
  nothingSent: () => Promise<void> = async () => undefined,
): Promise<{ id: string; hash: Hex; nonce: number }> {
  const { db, sponsor } = sending
  let reservation: SponsorReservation | undefined
  let signedHash: Hex | undefined
  try {
    return await submit(sending, rpc, transfer, {
      reserved: (held) => {
        reservation = held
      },
      signed: (hash) => {
        signedHash = hash
      },
    })
  } catch (error) {
    // Recorded and still pending: its broadcast had no answer and it may be mined, so its place stays taken.
    // Otherwise nothing went out (refused, never recorded, or another request's send under this key).
    const [mayBeOut] =
      signedHash === undefined
        ? []
        : await db
            .select({ id: sends.id })
            .from(sends)
            .where(and(eq(sends.hash, signedHash), eq(sends.status, 'pending')))
    if (!mayBeOut) {
      if (reservation) await sponsor.release(reservation)
      await nothingSent()
    }
    throw error
  }
}

async function submit(
  sending: Pick<Sending, 'db' | 'sponsor' | 'maxFeeWei'>,
  rpc: ChainRpc,
  transfer: SponsoredTransfer,
  progress: { reserved(reservation: SponsorReservation): void; signed(hash: Hex): void },
): Promise<{ id: string; hash: Hex; nonce: number }> {
  const { db, sponsor } = sending
  const { authorization, chainId, usdc } = transfer
  const sponsorAddress = sponsor.address('ethereum')
  if (sponsorAddress === undefined) {
    throw new WalletApiError(
      -32602,
      400,
      'Charter does not pay network fees on this server. Nothing was sent.',
    )
  }
  const feePayer = getAddress(sponsorAddress)
  const { r, s, yParity } = parseSignature(transfer.signature)
  const data = encodeFunctionData({
    abi: transferWithAuthorizationAbi,
    functionName: 'transferWithAuthorization',
    args: [
      authorization.from,
      authorization.to,
      authorization.value,
      authorization.validAfter,
      authorization.validBefore,
      authorization.nonce,
      yParity + 27,
      r,
      s,
    ],
  })

  let gas: bigint
  try {
    gas = gasLimitWithMargin(
      BigInt(await rpc<string>('eth_estimateGas', [{ from: feePayer, to: usdc, data }])),
    )
  } catch (error) {
    if (error instanceof ChainRpcError) {
      throw refused(`The chain refused the transfer: ${revertReason(error.message)}. Nothing was sent.`)
    }
    if (error instanceof UpstreamError) {
      throw new WalletApiError(-32603, 502, `The chain's node could not estimate gas: ${error.message}`)
    }
    throw error
  }
  const fees = await chainFees(rpc, {})
  const maxFee = gas * fees.cap
  if (maxFee > sending.maxFeeWei) {
    throw refused(
      `The network fee on ${transfer.chainName} is unusually high right now, and Charter does not pay it. Nothing was sent; try again later.`,
    )
  }
  const sponsorBalance = BigInt(await nodeCall<string>(rpc, 'eth_getBalance', [feePayer, 'latest']))
  if (sponsorBalance < maxFee) {
    // Whoever runs Charter sees the sponsor's balance on /api/health; the member is told only what it means.
    throw refused(
      `Charter cannot pay the network fee on ${transfer.chainName} right now. Nothing was sent; try again later.`,
    )
  }

  progress.reserved(await sponsor.reserve({ userId: transfer.userId, caip2: `eip155:${chainId}`, maxFee }))
  return broadcastSend(
    db,
    rpc,
    {
      userId: transfer.userId,
      wallet: transfer.wallet,
      chainId,
      idempotencyKey: transfer.idempotencyKey,
      to: usdc,
      value: 0n,
      data: transfer.transferData,
      token: { to: authorization.to, amount: authorization.value },
      feePayer,
    },
    async (nonce) => {
      const signed = await sponsor.signEvmTransaction({
        chainId,
        to: usdc,
        value: 0n,
        nonce,
        gas,
        data,
        ...(fees.type === 'legacy'
          ? { type: 'legacy', gasPrice: fees.cap }
          : { type: 'eip1559', maxFeePerGas: fees.cap, maxPriorityFeePerGas: fees.tip }),
      })
      progress.signed(keccak256(signed))
      return signed
    },
  )
}
