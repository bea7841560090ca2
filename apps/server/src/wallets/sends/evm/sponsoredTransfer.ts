import { gasLimitWithMargin } from '@charter/core'
import { encodeFunctionData, getAddress, type Hex, parseAbi, parseSignature } from 'viem'
import { UpstreamError } from '../../../chains/UpstreamError.ts'
import { WalletApiError } from '../../../http/WalletApiError.ts'
import type { SponsorReservation } from '../../../sponsor/Sponsor.ts'
import { ChainRpcError } from '../ChainRpcError.ts'
import type { ChainRpc } from '../chainRpc.ts'
import { nodeCall } from '../nodeCall.ts'
import type { Sending } from '../Sending.ts'
import { broadcastSend } from './broadcastSend.ts'
import { chainFees } from './chainFees.ts'
import type { TransferAuthorization } from './usdcAuthorization.ts'

/** Circle's FiatTokenV2 `transferWithAuthorization`, with the signature split as (v, r, s). */
const transferWithAuthorizationAbi = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
])

/**
 * The most gas the sponsor's `transferWithAuthorization` may use, fixed before anything is estimated: its fee is
 * checked against the cap and the sponsor's balance, and reserved against the member's allowance, on this bound
 * before the member's key signs. Circle's FiatTokenV2_2 uses well under it (about 60 000 to 90 000 gas: the
 * signature check, the nonce's storage slot and two balances); an estimate above it is a contract doing something
 * else, refused.
 */
export const sponsoredTransferGasBound = 150_000n

/** What a sponsored USDC transfer submits: the member's authorisation, and the send it is recorded as. */
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
  /**
   * The member's key signs `authorization` (EIP-712), called only once the fee is reserved: a refusal before it
   * leaves nothing signed anywhere.
   */
  sign: () => Promise<Hex>
}

const refused = (message: string) => new WalletApiError(-32000, 400, message)

/** A node's revert message without its prefix: the contract's own reason, e.g. "FiatTokenV2: authorization is expired". */
const revertReason = (message: string) => message.replace(/^execution reverted:?\s*/i, '') || 'reverted'

/** When an authorisation stops being valid, as a member reads it: "14:05 UTC". */
const expiresAt = (authorization: TransferAuthorization) =>
  `${new Date(Number(authorization.validBefore) * 1000).toISOString().slice(11, 16)} UTC`

/**
 * What a refusal says once the member's authorisation exists: it is a bearer authorisation (whoever holds it may
 * submit it until it expires, and the node has seen it), so the member is told it was not sent by Charter and
 * until when it stays valid.
 */
const notSubmitted = (authorization: TransferAuthorization) =>
  `It was not sent; the authorisation your wallet signed expires at ${expiresAt(authorization)} and Charter will not submit it.`

/**
 * The sponsor submits a member's transfer authorisation: `transferWithAuthorization` on the USDC contract, from the
 * sponsor's address. In this order, so that nothing is signed that the sponsor would not pay for:
 *
 * 1. fees chosen as every send's, the fee of `sponsoredTransferGasBound` checked against the cap and the sponsor's
 *    balance, and reserved against the member's allowance (429 past it);
 * 2. the member's key signs the authorisation (`transfer.sign`);
 * 3. the node estimates its gas (running the contract's checks: a signature it would refuse is refused in the
 *    contract's words), refused above the bound;
 * 4. recorded and broadcast as a send of the member's wallet under the sponsor's nonce (broadcastSend.ts).
 *
 * A refusal before the signature gives the reservation back and calls `nothingSent` (the method gives the policy's
 * budget back there). Once the signature exists, a valid authorisation is out of Charter's hands until it expires,
 * so whatever happens keeps both: they count as spent, and the refusal says until when the authorisation is valid.
 */
export async function submitSponsoredTransfer(
  sending: Pick<Sending, 'db' | 'sponsor' | 'maxFeeWei'>,
  rpc: ChainRpc,
  transfer: SponsoredTransfer,
  nothingSent: () => Promise<void> = async () => undefined,
): Promise<{ id: string; hash: Hex; nonce: number }> {
  const { sponsor } = sending
  const { authorization, chainId, usdc } = transfer
  const sponsorAddress = sponsor.address('ethereum')
  if (sponsorAddress === undefined) {
    await nothingSent()
    throw new WalletApiError(
      -32602,
      400,
      'Charter does not pay network fees on this server. Nothing was sent.',
    )
  }
  const feePayer = getAddress(sponsorAddress)

  let reservation: SponsorReservation | undefined
  let fees: Awaited<ReturnType<typeof chainFees>>
  let signature: Hex
  try {
    fees = await chainFees(rpc, {})
    const maxFee = sponsoredTransferGasBound * fees.cap
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
    reservation = await sponsor.reserve({ userId: transfer.userId, caip2: `eip155:${chainId}`, maxFee })
    signature = await transfer.sign()
  } catch (error) {
    // Nothing is signed: the reservation and the policy's budget are free again.
    if (reservation) await sponsor.release(reservation)
    await nothingSent()
    throw error
  }

  // From here a valid authorisation exists: nothing is given back (see above).
  const { r, s, yParity } = parseSignature(signature)
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
  let estimate: bigint
  try {
    estimate = BigInt(await rpc<string>('eth_estimateGas', [{ from: feePayer, to: usdc, data }]))
  } catch (error) {
    if (error instanceof ChainRpcError) {
      throw refused(
        `The chain refused the transfer: ${revertReason(error.message)}. ${notSubmitted(authorization)}`,
      )
    }
    if (error instanceof UpstreamError) {
      throw new WalletApiError(
        -32603,
        502,
        `The chain's node could not estimate gas: ${error.message}. ${notSubmitted(authorization)}`,
      )
    }
    throw error
  }
  if (estimate > sponsoredTransferGasBound) {
    throw refused(
      `The transfer would use more gas than a USDC transfer does on ${transfer.chainName}, and Charter does not pay it. ${notSubmitted(authorization)}`,
    )
  }
  // The node's estimate with the usual margin, never above the bound the fee was reserved on.
  const margined = gasLimitWithMargin(estimate)
  const gas = margined < sponsoredTransferGasBound ? margined : sponsoredTransferGasBound
  try {
    return await broadcastSend(
      sending.db,
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
      (nonce) =>
        sponsor.signEvmTransaction({
          chainId,
          to: usdc,
          value: 0n,
          nonce,
          gas,
          data,
          ...(fees.type === 'legacy'
            ? { type: 'legacy', gasPrice: fees.cap }
            : { type: 'eip1559', maxFeePerGas: fees.cap, maxPriorityFeePerGas: fees.tip }),
        }),
    )
  } catch (error) {
    // The node refused the sponsor's transaction: its words, and what the member's authorisation is now.
    if (error instanceof WalletApiError && error.status === 400) {
      throw new WalletApiError(
        error.code,
        400,
        `${error.message.replace(/ Nothing was sent\.$/, '')} ${notSubmitted(authorization)}`,
      )
    }
    throw error
  }
}
