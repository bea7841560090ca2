import { decodeFunctionData, erc20Abi, type Hex } from 'viem'
import type { ContractCall } from './ContractCall.ts'
import { toTokenAmount } from './toTokenAmount.ts'

/** A selector and one 32-byte word per argument: what the token reads; bytes after it are ignored. */
const argumentsEnd = (count: number) => 4 + 32 * count

/**
 * The contract data of a transaction to `token` (checksummed) on `chainId`, decoded when it is an ERC-20
 * `transfer`, `approve` or `transferFrom`; any other call is named by its selector and size only.
 */
export function decodeContractCall(data: Hex, token: string, chainId: number): ContractCall {
  const bytes = (data.length - 2) / 2
  const other: ContractCall = { kind: 'other', selector: bytes >= 4 ? data.slice(0, 10) : undefined, bytes }
  let decoded: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return other
  }
  switch (decoded.functionName) {
    case 'transfer': {
      const [to, amount] = decoded.args
      return {
        kind: 'transfer',
        to,
        amount: toTokenAmount(amount, token, chainId),
        extraBytes: bytes - argumentsEnd(2),
      }
    }
    case 'approve': {
      const [spender, amount] = decoded.args
      return {
        kind: 'approve',
        spender,
        amount: toTokenAmount(amount, token, chainId),
        extraBytes: bytes - argumentsEnd(2),
      }
    }
    case 'transferFrom': {
      const [from, to, amount] = decoded.args
      return {
        kind: 'transferFrom',
        from,
        to,
        amount: toTokenAmount(amount, token, chainId),
        extraBytes: bytes - argumentsEnd(3),
      }
    }
    default:
      return other
  }
}
