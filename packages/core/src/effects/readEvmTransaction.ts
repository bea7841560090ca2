import { decodeFunctionData, erc20Abi, formatUnits, type Hex, isAddress, parseAbi } from 'viem'
import { evmMaxFee } from '../fees/evmFee.ts'
import type { WalletEffect } from './WalletEffect.ts'

/** Uniswap's Permit2, at the same address on every chain: whatever it is told moves tokens it was approved for. */
export const permit2Address = '0x000000000022d473030f116ddee9f6b43ac78ba3'

/** The ERC-20 calls read by name; `increaseAllowance` is OpenZeppelin's, which USDC has. */
const tokenAbi = [
  ...erc20Abi,
  ...parseAbi(['function increaseAllowance(address spender, uint256 increment) returns (bool)']),
]
const uint256Max = 2n ** 256n - 1n

/** An EVM transaction as it would be signed: the fields that say what it moves and what it can pay. */
export type EvmTransactionToRead = {
  chainId: number
  to?: string | undefined
  value?: bigint | undefined
  data?: string | undefined
  gas?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  gasPrice?: bigint | undefined
}

/** What the reader knows of the chain: whether this server offers it, and its USDC contract. */
export type EvmChainToRead = { offered: boolean; usdc: string | undefined }

const amountWords = (amount: bigint, token: string) =>
  amount >= uint256Max / 2n
    ? `an unlimited amount of ${token}`
    : token === 'USDC'
      ? `${formatUnits(amount, 6)} USDC`
      : `${amount} base units of ${token}`

/**
 * What an EVM transaction moves out of the wallet that signs it: its value and its maximum fee in the chain's
 * coin, a USDC `transfer` or `transferFrom` in USDC; and in words what cannot be weighed: any allowance
 * (`approve`, `increaseAllowance`, anything sent to Permit2) other than one set to zero, a transfer of another
 * token, any other call with calldata, a contract deployment, a chain id of 0 (a signature valid on every chain)
 * or a chain this server does not offer.
 */
export function readEvmTransaction(transaction: EvmTransactionToRead, chain: EvmChainToRead): WalletEffect {
  const key = String(transaction.chainId)
  const effect: WalletEffect = { moves: [], unweighable: [] }
  if (transaction.chainId === 0) {
    effect.unweighable.push('a transaction without a chain id, which could be sent on any chain')
  } else if (!chain.offered) {
    effect.unweighable.push(`a transaction on chain ${transaction.chainId}, which this server does not offer`)
  }
  effect.moves.push({
    chain: key,
    asset: 'native',
    amount: (transaction.value ?? 0n) + evmMaxFee(transaction),
  })
  const data = transaction.data && transaction.data !== '0x' ? (transaction.data as Hex) : undefined
  if (!transaction.to) {
    effect.unweighable.push('deploys a contract')
    return effect
  }
  if (!data) return effect
  const to = transaction.to.toLowerCase()
  if (to === permit2Address) {
    effect.unweighable.push('a Permit2 call, which can hand over any token approved to Permit2')
    return effect
  }
  const isUsdc = chain.usdc !== undefined && to === chain.usdc.toLowerCase()
  const token = isUsdc ? 'USDC' : `the token ${transaction.to}`
  let decoded: ReturnType<typeof decodeFunctionData<typeof tokenAbi>> | undefined
  try {
    decoded = decodeFunctionData({ abi: tokenAbi, data })
  } catch {
    decoded = undefined
  }
  switch (decoded?.functionName) {
    case 'transfer':
    case 'transferFrom': {
      const amount = decoded.functionName === 'transfer' ? decoded.args[1] : decoded.args[2]
      if (isUsdc) effect.moves.push({ chain: key, asset: 'usdc', amount })
      else effect.unweighable.push(`a transfer of ${token}, which is not weighed here`)
      return effect
    }
    case 'approve':
    case 'increaseAllowance': {
      const [spender, amount] = decoded.args
      // Setting an allowance to zero takes power away: that is safe at once.
      if (decoded.functionName === 'approve' && amount === 0n) return effect
      effect.unweighable.push(
        `an allowance of ${amountWords(amount, isUsdc ? 'USDC' : token)} for ${spender}`,
      )
      return effect
    }
    default:
      effect.unweighable.push(
        isAddress(transaction.to)
          ? `a call to ${isUsdc ? 'the USDC contract' : `the contract ${transaction.to}`} that cannot be weighed`
          : 'a call that cannot be weighed',
      )
      return effect
  }
}
