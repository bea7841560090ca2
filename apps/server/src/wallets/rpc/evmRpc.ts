import { getChain, isSupportedChainId } from '@charter/core'
import {
  type Hex,
  hexToBigInt,
  isAddress,
  isHex,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { signMessage, signTransaction, signTypedData } from 'viem/accounts'
import { z } from 'zod'
import type { RpcResult } from './RpcResult.ts'

const chainName = (chainId: number) =>
  isSupportedChainId(chainId) ? getChain(chainId).name : `chain ${chainId}`

const hexString = z.string().refine((value) => isHex(value), 'must be 0x-prefixed hex')
const quantity = z.union([
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/, 'must be a number, a decimal string or 0x hex'),
])
const toBigInt = (value: z.infer<typeof quantity>) =>
  typeof value === 'number'
    ? BigInt(value)
    : value.startsWith('0x')
      ? hexToBigInt(value as Hex)
      : BigInt(value)

export const evmParams = {
  personal_sign: z.strictObject({
    message: z.string().max(32_768),
    encoding: z.enum(['utf-8', 'hex']),
  }),
  eth_signTypedData_v4: z.strictObject({
    typed_data: z.strictObject({
      domain: z.record(z.string(), z.unknown()),
      types: z.record(z.string(), z.array(z.strictObject({ name: z.string(), type: z.string() }))),
      message: z.record(z.string(), z.unknown()),
      primary_type: z.string().min(1),
    }),
  }),
  eth_signTransaction: z.strictObject({
    transaction: z.strictObject({
      chain_id: quantity,
      to: z
        .string()
        .refine((value) => isAddress(value), 'must be an address')
        .optional(),
      value: quantity.optional(),
      data: hexString.optional(),
      nonce: quantity.optional(),
      gas_limit: quantity.optional(),
      gas_price: quantity.optional(),
      max_fee_per_gas: quantity.optional(),
      max_priority_fee_per_gas: quantity.optional(),
      type: z.union([z.literal(0), z.literal(2), z.literal('0x0'), z.literal('0x2')]).optional(),
    }),
  }),
} as const

/** Typed data whose values do not fit their types: the caller's params, answered -32602. */
export class TypedDataEncodingError extends Error {
  override name = 'TypedDataEncodingError'
}

export type EvmMethod = keyof typeof evmParams

/** The transaction viem serialises: EIP-1559 unless a gas price or type 0 says legacy. */
export function toViemTransaction(
  transaction: z.infer<(typeof evmParams)['eth_signTransaction']>['transaction'],
): TransactionSerializable {
  const common = {
    chainId: Number(toBigInt(transaction.chain_id)),
    ...(transaction.to && { to: transaction.to as Hex }),
    ...(transaction.value !== undefined && { value: toBigInt(transaction.value) }),
    ...(transaction.data && { data: transaction.data as Hex }),
    ...(transaction.nonce !== undefined && { nonce: Number(toBigInt(transaction.nonce)) }),
    ...(transaction.gas_limit !== undefined && { gas: toBigInt(transaction.gas_limit) }),
  }
  const legacy = transaction.type === 0 || transaction.type === '0x0' || transaction.gas_price !== undefined
  if (legacy) {
    return {
      ...common,
      type: 'legacy',
      ...(transaction.gas_price !== undefined && { gasPrice: toBigInt(transaction.gas_price) }),
    }
  }
  return {
    ...common,
    type: 'eip1559',
    ...(transaction.max_fee_per_gas !== undefined && { maxFeePerGas: toBigInt(transaction.max_fee_per_gas) }),
    ...(transaction.max_priority_fee_per_gas !== undefined && {
      maxPriorityFeePerGas: toBigInt(transaction.max_priority_fee_per_gas),
    }),
  }
}

/** Signs with the wallet's secp256k1 key; `privateKey` is 32 bytes and stays the caller's to wipe. */
export async function runEvmMethod(
  privateKey: Uint8Array,
  method: EvmMethod,
  params: unknown,
): Promise<RpcResult> {
  // viem's standalone signers: no public key is derived, which halves the cost of a signature.
  const key: Hex = `0x${Buffer.from(privateKey).toString('hex')}`
  switch (method) {
    case 'personal_sign': {
      const { message, encoding } = evmParams.personal_sign.parse(params)
      const signature = await signMessage({
        message: encoding === 'hex' ? { raw: message as Hex } : message,
        privateKey: key,
      })
      return {
        data: { encoding: 'hex', signature },
        signed: { method, message, encoding },
        summary: 'Signed a message',
      }
    }
    case 'eth_signTypedData_v4': {
      const { typed_data } = evmParams.eth_signTypedData_v4.parse(params)
      const { EIP712Domain: _domainType, ...types } = typed_data.types
      const definition = {
        domain: typed_data.domain,
        types,
        message: typed_data.message,
        primaryType: typed_data.primary_type,
      } as unknown as TypedDataDefinition
      let signature: Hex
      try {
        signature = await signTypedData({ ...definition, privateKey: key })
      } catch (cause) {
        // viem checks the values against their types only as it encodes them, and not every refusal is its own
        // error class (a struct given a string is a TypeError): whatever it refuses is the caller's typed data.
        const reason = (cause as { shortMessage?: unknown })?.shortMessage ?? (cause as Error)?.message
        throw new TypedDataEncodingError(typeof reason === 'string' ? reason : 'cannot be encoded', { cause })
      }
      const where = typeof typed_data.domain.name === 'string' ? ` for ${typed_data.domain.name}` : ''
      return {
        data: { encoding: 'hex', signature },
        signed: { method, typed_data },
        summary: `Signed ${typed_data.primary_type} data${where}`,
      }
    }
    case 'eth_signTransaction': {
      const { transaction } = evmParams.eth_signTransaction.parse(params)
      const viemTransaction = toViemTransaction(transaction)
      const signed_transaction = await signTransaction({ transaction: viemTransaction, privateKey: key })
      return {
        data: { encoding: 'rlp', signed_transaction },
        signed: { method, transaction },
        summary: `Signed a transaction on ${chainName(viemTransaction.chainId ?? 0)}${transaction.to ? ` to ${transaction.to}` : ''}`,
      }
    }
  }
}
