import type { LocalChain } from '../chains/LocalChain.ts'
import type { TestAnvil } from './spawnAnvil.ts'

/**
 * The smallest token a test anvil can hold: `balanceOf(anyone)` answers storage slot 0 (PUSH1 0 SLOAD PUSH1 0
 * MSTORE PUSH1 32 PUSH1 0 RETURN). The devnets' real USDC comes from the devnet helpers; the tests here need a
 * contract at USDC's address that answers a balance they set.
 */
export const slotZeroTokenCode = '0x60005460005260206000f3'

/**
 * A `LocalChain` over a test anvil, for the faucet's and the balance reader's tests: native funds by
 * `anvil_setBalance`, USDC by writing slot 0 of `slotZeroTokenCode` placed at `usdc`.
 */
export async function anvilLocalChain(anvil: TestAnvil, usdc: string): Promise<LocalChain> {
  await anvil.rpc('anvil_setCode', [usdc, slotZeroTokenCode])
  return {
    rpcUrl: anvil.url,
    async fund(address, asset, amount) {
      if (asset === 'native') {
        const now = BigInt((await anvil.rpc('eth_getBalance', [address, 'latest'])) as string)
        await anvil.rpc('anvil_setBalance', [address, `0x${(now + amount).toString(16)}`])
      } else {
        const now = BigInt((await anvil.rpc('eth_getStorageAt', [usdc, '0x0', 'latest'])) as string)
        await anvil.rpc('anvil_setStorageAt', [
          usdc,
          '0x0',
          `0x${(now + amount).toString(16).padStart(64, '0')}`,
        ])
      }
    },
    height: async () => BigInt((await anvil.rpc('eth_blockNumber')) as string),
    close: () => anvil.stop(),
  }
}
