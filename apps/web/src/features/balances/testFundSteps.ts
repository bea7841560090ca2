import type { ChainBalanceState } from './ChainBalance.ts'
import type { FaucetAsset, OfferedChain } from './chainsApi.ts'

/** One faucet call of "Get test funds". */
export type TestFundStep = { chain: OfferedChain; address: string; asset: FaucetAsset; amount: string }

/**
 * What "Get test funds" asks of the faucet: on each local chain shown whose own coin is at 0 (nothing to pay a
 * network fee with), 1 of that coin, and 10 USDC where it holds none either. An empty wallet gets both on every
 * local chain; a wallet with USDC and no coin gets the coin. Chains not read yet are left out.
 */
export function testFundSteps(
  states: readonly ChainBalanceState[],
  addressFor: (type: OfferedChain['type']) => string | undefined,
): TestFundStep[] {
  return states.flatMap(({ chain, balance }) => {
    const address = addressFor(chain.type)
    if (!chain.local || address === undefined || balance === undefined || balance.native !== 0n) return []
    const native: TestFundStep = { chain, address, asset: 'native', amount: '1' }
    const noUsdc = chain.usdc !== null && (balance.usdc?.amount ?? 0n) === 0n
    return noUsdc ? [native, { chain, address, asset: 'USDC', amount: '10' }] : [native]
  })
}
