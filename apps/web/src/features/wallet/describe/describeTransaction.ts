import { chainName, getChain, getStablecoin, isSupportedChainId, readEvmTransaction } from '@charter/core'
import { getAddress, type Hex } from 'viem'
import type { TransactionParams } from '../params/transactionParams.ts'
import type { ContractCall } from './ContractCall.ts'
import { decodeContractCall } from './decodeContractCall.ts'
import { sponsorPayer } from './feePayer.ts'
import { findKnownToken } from './findKnownToken.ts'
import { formatAmount } from './formatAmount.ts'
import { readPlainTransfer } from './readPlainTransfer.ts'
import type { TransactionRequest } from './SignatureRequest.ts'
import type { SignatureWarning } from './SignatureWarning.ts'
import type { TokenCall } from './TokenCall.ts'

const quantity = (value: string | undefined) => (value === undefined ? undefined : BigInt(value))

/**
 * A transaction as the dialog shows it, from the parameters the server signs: what moves when it calls a token
 * Charter knows (`tokenCall`), the chain, the recipient in full (and the token it is, when Charter knows it), the
 * amount, the most the fee can be and the total in each currency, and what the contract data asks for (data it
 * cannot decode is warned of). The fee follows the server's reading: a gas price or type 0 makes it a
 * legacy transaction (gas × gas price), otherwise gas × max fee per gas. A send that asks for its fee to be paid
 * (`sponsored`, Privy's `sponsor: true`) and is a plain USDC transfer is shown with Charter paying the fee: the
 * server ignores its fee fields, so none is shown or counted. Anything else that asks for it is shown as it
 * would cost the wallet, as the sponsor pays for nothing else.
 */
export function describeTransaction(
  params: TransactionParams,
  address: string,
  sends = false,
  sponsored = false,
): TransactionRequest {
  const { transaction } = params
  const chainId = Number(BigInt(transaction.chain_id))
  const currency = isSupportedChainId(chainId)
    ? getChain(chainId).nativeCurrency
    : { symbol: 'of the native token', decimals: 18 }
  const native = (amount: bigint) => `${formatAmount(amount, currency.decimals)} ${currency.symbol}`

  const value = quantity(transaction.value) ?? 0n
  const gasLimit = quantity(transaction.gas_limit)
  const legacy = transaction.type === '0x0' || transaction.gas_price !== undefined
  const perGas = quantity(legacy ? transaction.gas_price : transaction.max_fee_per_gas)
  const walletFee = gasLimit !== undefined && perGas !== undefined ? gasLimit * perGas : undefined

  const to = transaction.to === undefined ? undefined : getAddress(transaction.to)
  const data =
    transaction.data !== undefined && transaction.data !== '0x' ? (transaction.data as Hex) : undefined
  const call: ContractCall | undefined =
    data === undefined
      ? undefined
      : to === undefined
        ? { kind: 'create', bytes: (data.length - 2) / 2 }
        : decodeContractCall(data, to, chainId)

  // Only a token Charter knows is worded as what moves: of any other, neither the decimals nor the name are known.
  const tokenCall: TokenCall | undefined =
    call !== undefined && call.kind !== 'other' && call.kind !== 'create' && call.amount.token.token
      ? call
      : undefined
  const transfer = readPlainTransfer({
    to,
    value,
    data,
    tokenCall,
    maxFee: walletFee,
    currency,
    feePaidBy: sends && sponsored && tokenCall?.kind === 'transfer' ? sponsorPayer : undefined,
  })
  const feePaidBy = transfer?.feePaidBy
  // What the wallet may pay: nothing of a fee the sponsor pays.
  const maxFee = feePaidBy === undefined ? walletFee : undefined
  const tokensOut =
    tokenCall?.kind === 'transfer' ||
    (tokenCall?.kind === 'transferFrom' && tokenCall.from.toLowerCase() === address.toLowerCase())
      ? tokenCall.amount
      : undefined

  const warnings: SignatureWarning[] = []
  if (call?.kind === 'other')
    warnings.push({ kind: 'unreadable-call', selector: call.selector, bytes: call.bytes })
  if (call?.kind === 'approve') {
    warnings.push({ kind: 'token-allowance', via: 'approve', spender: call.spender, grants: [call.amount] })
  }
  // A whole coin of fee is far beyond what any of these networks charges for one transaction.
  if (maxFee !== undefined && maxFee >= 10n ** BigInt(currency.decimals)) {
    warnings.push({ kind: 'high-fee', maxFee: native(maxFee) })
  }

  return {
    kind: 'transaction',
    sends,
    address,
    chainId,
    chainName: chainName(chainId),
    to: to === undefined ? undefined : { address: to, token: findKnownToken(chainId, to) },
    amount: native(value),
    fee:
      maxFee === undefined || gasLimit === undefined || perGas === undefined
        ? undefined
        : {
            max: native(maxFee),
            gasLimit: formatAmount(gasLimit, 0),
            perGas: `${formatAmount(perGas, 9)} gwei`,
          },
    total: native(value + (maxFee ?? 0n)),
    tokenCall,
    totals: [
      ...(tokensOut
        ? [`${tokensOut.unlimited ? 'unlimited' : tokensOut.amount} ${tokensOut.token.token?.symbol}`]
        : []),
      // A sponsored transfer takes none of the native coin (its value is 0, its fee Charter's).
      ...(feePaidBy === undefined ? [native(value + (maxFee ?? 0n))] : []),
    ],
    call,
    transfer,
    feePaidBy,
    data,
    nonce: transaction.nonce === undefined ? undefined : BigInt(transaction.nonce).toString(),
    warnings,
    refusal: undefined,
    effect: readEvmTransaction(
      {
        chainId,
        to,
        value,
        data,
        ...(feePaidBy === undefined && {
          gas: gasLimit,
          ...(legacy ? { gasPrice: perGas } : { maxFeePerGas: perGas }),
        }),
      },
      { offered: isSupportedChainId(chainId), usdc: getStablecoin(chainId)?.address },
    ),
  }
}
