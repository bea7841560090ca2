import { parseQuantity, providerRpcErrorFromCode } from '@charter/core'
import { isAddress } from 'viem'
import { deepFreeze } from './deepFreeze.ts'
import { isHexBytes } from './hexToBytes.ts'

/** The transaction as the wallet API takes it (docs/wallets.md): snake_case, quantities as 0x hex. */
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

export type TransactionParams = { transaction: ServerTransaction }

const invalidFor = (method: string) => (why: string) =>
  providerRpcErrorFromCode(-32602, { message: `${method}: ${why}` })

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const toHex = (value: bigint) => `0x${value.toString(16)}`

/** The object taken once through JSON (bigints as decimals): a getter is read once, not once per look. */
function snapshot(raw: unknown, invalid: (why: string) => Error): unknown {
  try {
    return JSON.parse(
      JSON.stringify(raw, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)) ?? 'null',
    )
  } catch {
    throw invalid('the transaction must be JSON')
  }
}

/**
 * An `eth_signTransaction` or `eth_sendTransaction` request (EIP-1474's transaction object, hex quantities, as viem and ethers send it)
 * as the server signs it, frozen so the dialog describes exactly what is sent. The chain is the transaction's
 * own, or the provider's current one. Legacy and EIP-1559 transactions only (the server signs no others), and
 * each with its own fee fields: a gas price beside a max fee would leave the fee the server signs unclear.
 */
export function transactionParams(
  raw: unknown,
  currentChainId: number,
  method = 'eth_signTransaction',
): TransactionParams {
  const invalid = invalidFor(method)
  const fields = snapshot(raw, invalid)
  if (!isRecord(fields)) throw invalid('the transaction must be an object')
  const quantity = (field: string): bigint | undefined => {
    const value = fields[field]
    if (value === undefined || value === null) return undefined
    const parsed = parseQuantity(value)
    if (parsed === undefined) throw invalid(`${field} must be a quantity (0x hex)`)
    return parsed
  }
  const chainId = quantity('chainId') ?? BigInt(currentChainId)
  const to = fields.to ?? undefined
  if (to !== undefined && (typeof to !== 'string' || !isAddress(to))) throw invalid('to must be an address')
  const data = fields.data ?? fields.input ?? undefined
  if (data !== undefined && (typeof data !== 'string' || !isHexBytes(data)))
    throw invalid('data must be 0x hex')
  if (fields.data != null && fields.input != null && fields.data !== fields.input)
    throw invalid('data and input differ')
  const type = fields.type ?? undefined
  if (type !== undefined && type !== '0x0' && type !== '0x2') {
    throw invalid('only legacy (0x0) and EIP-1559 (0x2) transactions can be signed')
  }
  if (Array.isArray(fields.accessList) && fields.accessList.length > 0)
    throw invalid('access lists are not supported')

  const amounts = {
    value: quantity('value'),
    nonce: quantity('nonce'),
    gas_limit: quantity('gas') ?? quantity('gasLimit'),
    gas_price: quantity('gasPrice'),
    max_fee_per_gas: quantity('maxFeePerGas'),
    max_priority_fee_per_gas: quantity('maxPriorityFeePerGas'),
  }
  const eip1559Fees = amounts.max_fee_per_gas !== undefined || amounts.max_priority_fee_per_gas !== undefined
  if (amounts.gas_price !== undefined && (eip1559Fees || type === '0x2'))
    throw invalid('gasPrice is for legacy transactions; an EIP-1559 transaction takes maxFeePerGas')
  if (type === '0x0' && eip1559Fees) throw invalid('a legacy transaction takes gasPrice, not maxFeePerGas')

  const transaction: ServerTransaction = { chain_id: toHex(chainId) }
  if (to !== undefined) transaction.to = to
  if (data !== undefined) transaction.data = data
  for (const [field, amount] of Object.entries(amounts)) {
    if (amount !== undefined) transaction[field as keyof typeof amounts] = toHex(amount)
  }
  if (type !== undefined) transaction.type = type
  return deepFreeze({ transaction })
}
