import { SolanaTransactionFormatError } from '@charter/core'
import { BaseError as ViemError } from 'viem'
import { describeZodError } from '../../http/describeZodError.ts'
import { WalletApiError } from '../../http/WalletApiError.ts'
import type { ChainType } from '../walletKeys.ts'
import { type WalletMethodName, type WalletRpcAnswer, walletMethods } from './index.ts'
import { SolanaSigningError } from './SolanaSigningError.ts'
import { TypedDataEncodingError } from './signTypedData.ts'
import type { MethodOutcome, WalletMethod, WalletMethodContext } from './WalletMethod.ts'

/** A call a wallet can make: its method is the wallet's and its params passed that method's schema. */
export type WalletCall = {
  method: WalletMethodName
  /** Runs the method with the opened key: the answer `{method, data}`, its activity line said on the way. */
  run(
    context: WalletMethodContext,
  ): Promise<{ answer: WalletRpcAnswer } & Omit<MethodOutcome<unknown>, 'data'>>
}

/**
 * The call `method` makes on a wallet of this chain type, checked before the key is opened: a method the wallet
 * does not have is EIP-1193's 4200 naming those it has, params its schema refuses are -32602 naming the param.
 */
export function walletCall(chainType: ChainType, method: string, params: unknown): WalletCall {
  const table: Record<string, WalletMethod> = walletMethods[chainType]
  if (!Object.hasOwn(table, method)) {
    const kind = chainType === 'ethereum' ? 'an Ethereum' : 'a Solana'
    const known = Object.keys(table).join(', ')
    throw new WalletApiError(4200, 400, `${method} is not a method of ${kind} wallet here (${known}).`)
  }
  const entry = table[method] as WalletMethod
  const parsed = entry.params.safeParse(params)
  if (!parsed.success)
    throw new WalletApiError(-32602, 400, describeZodError(parsed.error, 'params', 'params'))
  return {
    method: method as WalletMethodName,
    async run(context) {
      try {
        const { data, line } = await entry.run(context, parsed.data)
        return { answer: { method, data } as WalletRpcAnswer, line }
      } catch (error) {
        throw refusedParams(error)
      }
    },
  }
}

/** What a method refuses as it signs is the caller's params, answered -32602 like a schema's refusal. */
function refusedParams(error: unknown): unknown {
  if (error instanceof TypedDataEncodingError) {
    return new WalletApiError(-32602, 400, `params.typed_data: ${error.message}`)
  }
  // A Solana transaction core's reader cannot read says so as `transaction: …`.
  if (error instanceof SolanaSigningError || error instanceof SolanaTransactionFormatError) {
    return new WalletApiError(-32602, 400, `params.${error.message}`)
  }
  // viem refuses typed data or a transaction it cannot encode: the caller's params, not our bug.
  if (error instanceof ViemError) return new WalletApiError(-32602, 400, `params: ${error.shortMessage}`)
  // So does a number it cannot take as an integer (BigInt(1.5) is a RangeError, BigInt('x') a SyntaxError).
  if (error instanceof RangeError || error instanceof SyntaxError) {
    return new WalletApiError(-32602, 400, `params: ${error.message}`)
  }
  return error
}
