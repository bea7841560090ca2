import { decodeFunctionData, erc20Abi, type Hex } from 'viem'

/** `transfer(address,uint256)`'s selector: what a plain token transfer's calldata starts with. */
const transferSelector = '0xa9059cbb'

/**
 * The recipient and amount of a USDC `transfer` (calldata to the chain's USDC contract), or undefined when the
 * transaction is anything else. Calldata that starts like a transfer and does not decode is refused by the caller.
 */
export function usdcTransfer(
  to: string,
  data: string | undefined,
  usdc: string | undefined,
): { to: Hex; amount: bigint } | undefined {
  if (!usdc || !data || to.toLowerCase() !== usdc.toLowerCase()) return undefined
  if (!data.toLowerCase().startsWith(transferSelector)) return undefined
  const decoded = decodeFunctionData({ abi: erc20Abi, data: data as Hex })
  if (decoded.functionName !== 'transfer') return undefined
  const [recipient, amount] = decoded.args
  return { to: recipient, amount }
}
