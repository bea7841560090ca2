import { formatTokenAmount, providerRpcErrorFromCode } from '@charter/core'
import { chainName, findEvmChain } from './findEvmChain.ts'
import { isHexBytes } from './hexToBytes.ts'
import { isEvmAddress } from './isEvmAddress.ts'
import { parseQuantity } from './parseQuantity.ts'
import type { SignatureRequest } from './SignatureRequest.ts'

/** The transaction as the wallet API takes it (FACTS §6): snake_case, quantities as 0x hex. */
export type ServerTransaction = {
  chain_id: string
  to?: string
  value?: string
  data?: string
  nonce?: string
  gas_limit?: string
  gas_price?: string
  max_fee_per_gas?: string
  max_priority_fee_per_gas?: string
  type?: '0x0' | '0x2'
}

const invalid = (why: string) => providerRpcErrorFromCode(-32602, { message: `eth_signTransaction: ${why}` })

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const toHex = (value: bigint) => `0x${value.toString(16)}`

/**
 * An `eth_signTransaction` request (EIP-1474's transaction object, hex quantities, as viem and ethers send it),
 * as the dialog shows it and as the server signs it. The chain is the transaction's own, or the provider's
 * current one. Legacy and EIP-1559 transactions only: the server signs no others.
 */
export function describeTransaction(
  raw: unknown,
  address: string,
  currentChainId: number,
): {
  request: Extract<SignatureRequest, { kind: 'transaction' }>
  params: { transaction: ServerTransaction }
} {
  if (!isRecord(raw)) throw invalid('the transaction must be an object')
  const quantity = (field: string): bigint | undefined => {
    const value = raw[field]
    if (value === undefined || value === null) return undefined
    const parsed = parseQuantity(value)
    if (parsed === undefined) throw invalid(`${field} must be a quantity (0x hex)`)
    return parsed
  }
  const chainId = Number(quantity('chainId') ?? BigInt(currentChainId))
  const to = raw.to ?? undefined
  if (to !== undefined && !isEvmAddress(to)) throw invalid('to must be an address')
  const data = raw.data ?? raw.input ?? undefined
  if (data !== undefined && (typeof data !== 'string' || !isHexBytes(data)))
    throw invalid('data must be 0x hex')
  const type = raw.type ?? undefined
  if (type !== undefined && type !== '0x0' && type !== '0x2') {
    throw invalid('only legacy (0x0) and EIP-1559 (0x2) transactions can be signed')
  }
  if (Array.isArray(raw.accessList) && raw.accessList.length > 0)
    throw invalid('access lists are not supported')

  const value = quantity('value') ?? 0n
  const optional = {
    value: quantity('value'),
    nonce: quantity('nonce'),
    gas_limit: quantity('gas') ?? quantity('gasLimit'),
    gas_price: quantity('gasPrice'),
    max_fee_per_gas: quantity('maxFeePerGas'),
    max_priority_fee_per_gas: quantity('maxPriorityFeePerGas'),
  }
  const transaction: ServerTransaction = { chain_id: toHex(BigInt(chainId)) }
  if (to !== undefined) transaction.to = to
  if (data !== undefined) transaction.data = data
  for (const [field, amount] of Object.entries(optional)) {
    if (amount !== undefined) transaction[field as keyof typeof optional] = toHex(amount)
  }
  if (type !== undefined) transaction.type = type

  const currency = findEvmChain(chainId)?.nativeCurrency ?? { symbol: 'in the native token', decimals: 18 }
  return {
    request: {
      kind: 'transaction',
      address,
      chainId,
      chainName: chainName(chainId),
      to,
      amount: `${formatTokenAmount(value, currency.decimals)} ${currency.symbol}`,
      dataBytes: data === undefined ? 0 : (data.length - 2) / 2,
    },
    params: { transaction },
  }
}
