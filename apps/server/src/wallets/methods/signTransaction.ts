import { chainName, parseQuantity, quantityPattern, readEvmTransaction } from '@charter/core'
import { type Hex, isAddress, isHex, type TransactionSerializable } from 'viem'
import { z } from 'zod'
import { WalletApiError } from '../../http/WalletApiError.ts'
import { signTransactionNatively } from '../secp256k1Signer.ts'
import type { MethodOutcome, WalletMethodContext } from './WalletMethod.ts'

const hexString = z.string().refine((value) => isHex(value), 'must be 0x-prefixed hex')
export const quantity = z.union([
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(quantityPattern, 'must be a number, a decimal string or 0x hex'),
])

/** A quantity the schema let through; it always parses, so a failure here is a bug, not the caller's. */
export function toBigInt(value: z.output<typeof quantity>): bigint {
  const parsed = parseQuantity(value)
  if (parsed === undefined) throw new Error(`not a quantity: ${value}`)
  return parsed
}

export const transactionFields = z.strictObject({
  chain_id: quantity,
  // Privy's clients name the signing wallet; any case of its address is the same address.
  from: z
    .string()
    .refine((value) => isAddress(value, { strict: false }), 'must be an address')
    .optional(),
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
})

/**
 * The fee fields say which transaction this is, and nothing may say otherwise: a gas price beside a max fee, or
 * a `type` that contradicts the fees, would leave which fee is signed to a guess. One case is no guess: `type: 2`
 * with a max fee is an EIP-1559 transaction whatever `gas_price` says, since a type-2 transaction has no gas
 * price to sign (Privy's React SDK sends one there, holding the gas limit); it is left out of what is signed.
 */
export function feeProblem(
  transaction: Pick<
    z.output<typeof transactionFields>,
    'max_fee_per_gas' | 'max_priority_fee_per_gas' | 'gas_price' | 'type'
  >,
): string | undefined {
  const eip1559Fees =
    transaction.max_fee_per_gas !== undefined || transaction.max_priority_fee_per_gas !== undefined
  const legacyFee = transaction.gas_price !== undefined
  const type = transaction.type === undefined ? undefined : Number(transaction.type)
  if (type === 2 && transaction.max_fee_per_gas !== undefined) return undefined
  if (eip1559Fees && legacyFee) {
    return 'send either gas_price (a legacy transaction) or max_fee_per_gas and max_priority_fee_per_gas (an EIP-1559 transaction, type 2), not both'
  }
  if (type === 0 && eip1559Fees) {
    return 'type 0 is a legacy transaction, which takes gas_price; max_fee_per_gas and max_priority_fee_per_gas are for type 2'
  }
  if (type === 2 && legacyFee) {
    return 'type 2 is an EIP-1559 transaction, which takes max_fee_per_gas and max_priority_fee_per_gas; gas_price is for type 0'
  }
  return undefined
}

/**
 * Whether the transaction is legacy (type 0): a type 0 says so, and so does a gas price without a type. A type 2
 * with a gas price beside its max fee is type 2 (`feeProblem`).
 */
export function isLegacyTransaction(
  transaction: Pick<z.output<typeof transactionFields>, 'gas_price' | 'type'>,
): boolean {
  const type = transaction.type === undefined ? undefined : Number(transaction.type)
  return type === 0 || (type === undefined && transaction.gas_price !== undefined)
}

export const signTransactionParams = z.strictObject({
  transaction: transactionFields.superRefine((transaction, context) => {
    const problem = feeProblem(transaction)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  }),
})

export type SignTransactionParameters = z.output<typeof signTransactionParams>

export type SignTransactionReturnType = { encoding: 'rlp'; signed_transaction: Hex }

/** The transaction viem serialises: legacy when a gas price or type 0 says so, else EIP-1559 (type 2). */
export function toViemTransaction(
  transaction: SignTransactionParameters['transaction'],
): TransactionSerializable {
  const common = {
    chainId: Number(toBigInt(transaction.chain_id)),
    ...(transaction.to && { to: transaction.to as Hex }),
    ...(transaction.value !== undefined && { value: toBigInt(transaction.value) }),
    ...(transaction.data && { data: transaction.data as Hex }),
    ...(transaction.nonce !== undefined && { nonce: Number(toBigInt(transaction.nonce)) }),
    ...(transaction.gas_limit !== undefined && { gas: toBigInt(transaction.gas_limit) }),
  }
  // The schema refused fees that contradict each other or the type, so either says the same.
  if (isLegacyTransaction(transaction)) {
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

/** `eth_signTransaction`: the signed, RLP-serialised transaction, which the wallet does not send. */
export async function signTransaction(
  context: WalletMethodContext,
  { transaction }: SignTransactionParameters,
): Promise<MethodOutcome<SignTransactionReturnType>> {
  const { address } = context.wallet
  if (transaction.from !== undefined && transaction.from.toLowerCase() !== address.toLowerCase()) {
    throw new WalletApiError(
      -32602,
      400,
      `params.transaction.from: ${transaction.from} is not this wallet's address, ${address}. Leave from out, or send the address of the wallet that signs.`,
    )
  }
  const viemTransaction = toViemTransaction(transaction)
  const chainId = viemTransaction.chainId ?? 0
  const chain = context.sending.chains.find(String(chainId))
  const offered = chain?.info.type === 'ethereum'
  // Signed bytes can be sent by whoever holds them, at once: they count as sent the moment they are signed.
  const authorized = await context.authorize({
    effect: readEvmTransaction(
      {
        chainId,
        to: viemTransaction.to ?? undefined,
        value: viemTransaction.value,
        data: viemTransaction.data,
        gas: viemTransaction.gas,
        maxFeePerGas: 'maxFeePerGas' in viemTransaction ? viemTransaction.maxFeePerGas : undefined,
        gasPrice: 'gasPrice' in viemTransaction ? viemTransaction.gasPrice : undefined,
      },
      { offered, usdc: offered ? chain.info.usdc?.address : undefined },
    ),
    what: `Sign a transaction on ${chainName(chainId)}${transaction.to ? ` to ${transaction.to}` : ''}`,
  })
  const line = await context.activity({
    signed: { method: 'eth_signTransaction', transaction },
    summary: `Signed a transaction on ${chainName(chainId)}${transaction.to ? ` to ${transaction.to}` : ''}`,
  })
  const signed_transaction = await authorized.withKey((privateKey) =>
    signTransactionNatively(viemTransaction, privateKey),
  )
  return {
    data: { encoding: 'rlp', signed_transaction },
    line,
  }
}
