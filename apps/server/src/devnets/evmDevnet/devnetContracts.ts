import { getChain, type SupportedChainId, usdcAddresses, usdcEip712Domain } from '@charter/core'
import {
  type Abi,
  type Address,
  concat,
  getAddress,
  type Hex,
  keccak256,
  numberToHex,
  pad,
  size,
  slice,
  stringToHex,
} from 'viem'
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

/** The token's minter and name slots, from the compiler's storage layout in the artifact. */
const minterSlot = Number(testUsdcArtifact.storage.minter)
const nameSlot = Number(testUsdcArtifact.storage.name)

/**
 * The token's name on `chainId`: the name of the real USDC at that address, which is also its EIP-712 domain's,
 * so what is signed on the devnet is what the real test network accepts. "USD Coin" (Circle's mainnet name)
 * where the core has not checked the chain's.
 */
function devnetUsdcName(chainId: SupportedChainId): string {
  return usdcEip712Domain(chainId)?.name ?? 'USD Coin'
}

/**
 * The storage word of a Solidity string shorter than 32 bytes: its bytes left-aligned, and its length times two
 * in the last byte (a longer string is stored elsewhere, which the devnet does not need).
 */
export function shortStringStorageWord(text: string): Hex {
  const length = size(stringToHex(text))
  if (length > 31) throw new Error(`"${text}" is too long to store as a short string`)
  return concat([pad(stringToHex(text), { dir: 'right', size: 31 }), numberToHex(length * 2, { size: 1 })])
}

/** Where the devnet places its contracts on `chainId`: the chain's real USDC and Multicall3 addresses. */
export function devnetContractAddresses(chainId: SupportedChainId): { usdc: Address; multicall3: Address } {
  const multicall3 = getChain(chainId).contracts?.multicall3?.address
  if (!multicall3) throw new Error(`chain ${chainId} has no Multicall3 address in @charter/core`)
  return { usdc: usdcAddresses[chainId], multicall3 }
}

/**
 * Makes sure the token and Multicall3 run at their addresses, with the faucet as minter and the real token's
 * name. On a new chain this
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
  // No constructor runs, so what one would set is written here, and corrected on a restarted devnet.
  const words: [number, Hex][] = [
    [minterSlot, pad(faucetAddress)],
    [nameSlot, shortStringStorageWord(devnetUsdcName(chainId))],
  ]
  for (const [slot, word] of words) {
    const stored = await client.getStorageAt({ address: usdc, slot: numberToHex(slot, { size: 32 }) })
    if (stored?.toLowerCase() === word.toLowerCase()) continue
    await client.setStorageAt({ address: usdc, index: slot, value: word.toLowerCase() as Hex })
  }
}
