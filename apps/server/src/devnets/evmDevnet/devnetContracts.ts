import { getChain, type SupportedChainId, usdcAddresses } from '@charter/core'
import { type Abi, type Address, getAddress, type Hex, keccak256, pad, slice, stringToHex } from 'viem'
import multicall3Artifact from '../../../contracts/artifacts/Multicall3.json' with { type: 'json' }
import testUsdcArtifact from '../../../contracts/artifacts/TestUSDC.json' with { type: 'json' }
import type { Logger } from '../../log/logger.ts'
import type { DevnetClient } from './devnetClient.ts'

/** The token's ABI, from the committed artifact (apps/server/contracts; `npm run build:contracts`). */
export const testUsdcAbi = testUsdcArtifact.abi as Abi

/**
 * The devnet's faucet, the token's only minter: an address derived from a label, so nobody holds its key. The
 * devnet sends as it through anvil's impersonation, which only the loopback RPC (never the proxy) offers.
 */
export const faucetAddress: Address = getAddress(
  slice(keccak256(stringToHex('charter: local devnet faucet')), 12),
)

/** The token's minter slot, from the compiler's storage layout in the artifact. */
const minterSlot = Number(testUsdcArtifact.storage.minter)

/** Where the devnet places its contracts on `chainId`: the chain's real USDC and Multicall3 addresses. */
export function devnetContractAddresses(chainId: SupportedChainId): { usdc: Address; multicall3: Address } {
  const multicall3 = getChain(chainId).contracts?.multicall3?.address
  if (!multicall3) throw new Error(`chain ${chainId} has no Multicall3 address in @charter/core`)
  return { usdc: usdcAddresses[chainId], multicall3 }
}

/**
 * Makes sure the token and Multicall3 run at their addresses, with the faucet as minter. On a new chain this
 * places them; on a restarted one (anvil kept them in its state) it checks them, and places them again if they
 * are missing or a rebuilt artifact differs. `anvil_setCode` changes code only, so balances are kept.
 */
export async function placeDevnetContracts(
  client: DevnetClient,
  chainId: SupportedChainId,
  logger: Logger,
): Promise<void> {
  const { usdc, multicall3 } = devnetContractAddresses(chainId)
  const placements: [string, Address, Hex][] = [
    ['USDC', usdc, testUsdcArtifact.deployedBytecode as Hex],
    ['Multicall3', multicall3, multicall3Artifact.deployedBytecode as Hex],
  ]
  for (const [name, address, bytecode] of placements) {
    const code = await client.getCode({ address })
    if (code?.toLowerCase() === bytecode.toLowerCase()) continue
    await client.setCode({ address, bytecode })
    logger.info('local devnet: contract placed', { chainId, contract: name, address })
  }
  const minter = await client.getStorageAt({ address: usdc, slot: pad(`0x${minterSlot.toString(16)}`) })
  const wanted = pad(faucetAddress).toLowerCase()
  if (minter?.toLowerCase() !== wanted) {
    await client.setStorageAt({ address: usdc, index: minterSlot, value: wanted as Hex })
  }
}
