import { providerRpcErrorFromCode } from '@charter/core'
import { describeTransaction } from '../../describe/describeTransaction.ts'
import { deepFreeze } from '../../params/deepFreeze.ts'
import { transactionParams } from '../../params/transactionParams.ts'
import { fillSendFees } from '../../send/fillSendFees.ts'
import { assertOwnAddress } from '../assertOwnAddress.ts'
import type { EvmMethod } from '../EvmMethod.ts'
import { sponsorOption } from '../sponsorOption.ts'

/**
 * `eth_sendTransaction [transaction]`: on the provider's chain (a transaction naming another is refused: switch
 * first), its gas and fees filled as the server would fill them so the dialog shows the most it can cost, shown,
 * then signed and sent by the server; answers the hash. One idempotency key per request, kept for its retries:
 * a post that got no answer is posted again and the server sends once. Privy's `{sponsor: true}` after the
 * transaction asks Charter to pay the fee: a USDC transfer is then posted so, its fees neither filled nor shown
 * (the server ignores them and answers 400 when the member is not covered); anything else is filled and shown as
 * the wallet would pay it, and posted with the flag as asked.
 */
export const ethSendTransaction: EvmMethod = async (context, params) => {
  const wallet = context.signingWallet()
  const [transaction, options] = params as [Record<string, unknown> | undefined, unknown]
  const sponsor = sponsorOption(options, 'eth_sendTransaction')
  if (transaction?.from !== undefined) assertOwnAddress(transaction.from, wallet.address)
  const chain = await context.chain()
  const { transaction: asked } = transactionParams(transaction, chain.id, 'eth_sendTransaction')
  if (BigInt(asked.chain_id) !== BigInt(chain.id)) {
    throw providerRpcErrorFromCode(4901, {
      message: `eth_sendTransaction: chainId ${BigInt(asked.chain_id)} is not the wallet's chain (${chain.id}, ${chain.name}). Switch to it first (wallet_switchEthereumChain).`,
    })
  }
  // Described as the dialog will describe it: a send the sponsor pays for names Charter as the payer.
  const sponsoredTransfer =
    sponsor && describeTransaction({ transaction: asked }, wallet.address, true, true).feePaidBy !== undefined
  const filled = sponsoredTransfer ? asked : await fillSendFees(context.read, asked, wallet.address)
  const call = deepFreeze({
    method: 'eth_sendTransaction',
    caip2: `eip155:${chain.id}`,
    ...(sponsor && { sponsor: true as const }),
    params: { transaction: filled },
  } as const)
  const idempotencyKey = crypto.randomUUID()
  return (await context.sign<{ hash: string }>(wallet, call, { idempotencyKey })).hash
}
