import { transactionParams } from '../../params/transactionParams.ts'
import { assertOwnAddress } from '../assertOwnAddress.ts'
import type { EvmMethod } from '../EvmMethod.ts'

/**
 * `eth_signTransaction [transaction]`: the transaction shown, then signed (not sent); on the provider's chain
 * when it names none.
 */
export const ethSignTransaction: EvmMethod = async (context, params) => {
  const wallet = context.signingWallet()
  const [transaction] = params as [Record<string, unknown> | undefined]
  if (transaction?.from !== undefined) assertOwnAddress(transaction.from, wallet.address)
  const call = {
    method: 'eth_signTransaction',
    params: transactionParams(transaction, (await context.chain()).id),
  } as const
  return (await context.sign<{ signed_transaction: string }>(wallet, call)).signed_transaction
}
