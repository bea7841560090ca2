import { encodeFunctionData, erc20Abi } from 'viem'
import { callChainRpc, type OfferedChain } from '../balances/index.ts'
import { fillSendFees, transactionParams } from '../wallet/index.ts'
import { lamportsPerSignature } from './describeSolanaSend.ts'
import type { SendAsset } from './SendOrder.ts'

/** A token account's size, whose rent a Solana USDC send pays when it creates the recipient's. */
const tokenAccountSize = 165

/**
 * The most the fee of a send can be, in the native coin's base units, as the server would fill it: on an EVM
 * chain the node's gas estimate plus 20 % times twice the base fee plus the tip (to the recipient once it is
 * known, else to the wallet itself: the same cost); on Solana the fee of one signature, plus the rent of the
 * recipient's token account when the send creates it (`rent`, also answered alone).
 */
export async function estimateMaxFee(input: {
  chain: OfferedChain
  asset: SendAsset
  from: string
  to: string | undefined
  createsTokenAccount: boolean
}): Promise<{ maxFee: bigint; rent: bigint }> {
  const { chain } = input
  if (chain.type === 'solana') {
    const rent = input.createsTokenAccount
      ? BigInt((await callChainRpc(chain, 'getMinimumBalanceForRentExemption', [tokenAccountSize])) as number)
      : 0n
    return { maxFee: lamportsPerSignature, rent }
  }
  const to = (input.to ?? input.from) as `0x${string}`
  const usdc = chain.usdc?.address
  const fields =
    input.asset === 'usdc' && usdc
      ? {
          to: usdc,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 0n] }),
        }
      : { to, value: '0x0' }
  const filled = await fillSendFees(
    (method, params) => callChainRpc(chain, method, params),
    transactionParams(fields, Number(chain.id), 'eth_sendTransaction').transaction,
    input.from,
  )
  const perGas = BigInt(filled.max_fee_per_gas ?? filled.gas_price ?? '0x0')
  return { maxFee: BigInt(filled.gas_limit ?? '0x0') * perGas, rent: 0n }
}
