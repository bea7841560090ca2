import type { SupportedChainId } from '@charter/core'
import { type Address, getAddress, isAddress, parseEther, parseGwei } from 'viem'
import type { DevnetClient } from './devnetClient.ts'
import { devnetContractAddresses, faucetAddress, testUsdcAbi } from './devnetContracts.ts'
import { EvmDevnetError } from './EvmDevnetError.ts'

/** What the faucet keeps to pay gas for its mints; refilled whenever it drops below a tenth of it. */
const faucetGas = parseEther('1')

/**
 * The faucet's own tip: anvil's least suggestion. The faucet sets its fees itself rather than take the node's
 * suggestion, which is the latest block's lowest tip: after a member's send with an absurd tip, a mint paying
 * that would spend the faucet's gas (or fail for want of it), and the next member's suggestion would read it back.
 */
const faucetTip = parseGwei('1')

/**
 * Credits `address` with `amount` (wei, or USDC's 6-decimal units). Native money is written with
 * `anvil_setBalance`, on top of what the address holds. USDC is minted by a real transaction from the faucet,
 * mined before this resolves, so the chain shows a `Transfer` from the zero address as a real mint would.
 * Calls must not overlap (the native read-and-write is not atomic); the devnet queues them.
 */
export async function fundOnDevnet(
  client: DevnetClient,
  chainId: SupportedChainId,
  address: string,
  asset: 'native' | 'USDC',
  amount: bigint,
): Promise<void> {
  if (!isAddress(address, { strict: false })) {
    throw new EvmDevnetError(chainId, 'cannot fund something that is not an address', { details: address })
  }
  if (amount < 0n)
    throw new EvmDevnetError(chainId, 'cannot fund a negative amount', { details: String(amount) })
  const to: Address = getAddress(address)
  if (asset === 'native') {
    const balance = await client.getBalance({ address: to })
    await client.setBalance({ address: to, value: balance + amount })
    return
  }
  try {
    if ((await client.getBalance({ address: faucetAddress })) < faucetGas / 10n) {
      await client.setBalance({ address: faucetAddress, value: faucetGas })
    }
    await client.impersonateAccount({ address: faucetAddress })
    try {
      const block = await client.getBlock({ blockTag: 'latest' })
      const hash = await client.writeContract({
        account: faucetAddress,
        maxPriorityFeePerGas: faucetTip,
        maxFeePerGas: 2n * (block.baseFeePerGas ?? 0n) + faucetTip,
        address: devnetContractAddresses(chainId).usdc,
        abi: testUsdcAbi,
        functionName: 'mint',
        args: [to, amount],
      })
      const receipt = await client.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success') throw new Error(`mint transaction ${hash} reverted`)
    } finally {
      await client.stopImpersonatingAccount({ address: faucetAddress })
    }
  } catch (cause) {
    throw new EvmDevnetError(chainId, 'could not mint USDC', {
      details: cause instanceof Error ? cause.message : String(cause),
      cause,
    })
  }
}
